/**
 * IMPORT_BOARD: a board brought in from a file, in steps. 'Файл': choose it, see what it is before
 * anything is written, name the board. 'Участники', only when the source names people: whom to invite
 * and at which address. Then the import itself, followed on the server up to its summary or failure.
 * Closing is safe at any point: a started import goes on, and its board appears in the list (the
 * session socket's `lists`, and `onImported` when the dialog saw it end).
 */
import { useState } from 'react';
import { errorsOf, useFormValues, useModalStore, useSubmit } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { startImport } from '../api/start-import';
import { initialChoices, invitations, type MemberChoices } from '../members';
import { useFilePreview } from '../use-file-preview';
import { FileStep } from './FileStep';
import { ImportRun } from './ImportRun';
import { MembersStep } from './MembersStep';
import './import-board.css';

/** The longest board name (the API refuses longer ones). */
const MAX_NAME = 100;

type Step = 'file' | 'members' | 'run';

export function ImportBoardModal({ onImported }: { onImported: () => void }) {
  const close = useModalStore((state) => state.close);
  const form = useSubmit();
  const { values, setValues, field } = useFormValues({ name: '' }, form);
  const [choices, setChoices] = useState<MemberChoices>({});
  const [step, setStep] = useState<Step>('file');
  // The first step keeps the focus where the dialog put it; every later one takes it.
  const [moved, setMoved] = useState(false);
  const [job, setJob] = useState<{ id: string; name: string } | null>(null);
  const source = useFilePreview((preview) => {
    setValues({ name: preview.name.slice(0, MAX_NAME) });
    setChoices(initialChoices(preview.members));
  });

  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
  };

  const start = () => {
    const { file, preview } = source;
    if (!file || !preview) return;
    const name = values.name.trim() || preview.name;
    void form.submit(
      async () => {
        try {
          const members = invitations(preview.members, choices);
          const { id } = await startImport(file, { name: values.name, members });
          setJob({ id, name });
          goTo('run');
        } catch (caught) {
          // The file or the name were refused: back to the step that shows them.
          const errors = errorsOf(caught);
          if (step !== 'file' && (errors.file || errors.name)) goTo('file');
          throw caught;
        }
      },
      { after: 'default' },
    );
  };

  const onFile = (file: File) => {
    form.reset();
    void source.choose(file);
  };

  const chooseAnother = () => {
    setJob(null);
    source.clear();
    setValues({ name: '' });
    form.reset();
    goTo('file');
  };

  const { name: _name, file: fileError, members: membersError, ...other } = form.errors;
  const otherError = other.message ?? Object.values(other)[0];
  const preview = source.preview;

  return (
    <Modal title="Импорт доски" width={600} onClose={close} className="import-board">
      {step === 'file' && (
        <FileStep
          focus={moved}
          source={source}
          onFile={onFile}
          fileError={fileError}
          nameField={field('name')}
          formError={otherError}
          status={form.status}
          onSubmit={() => (preview && preview.members.length > 0 ? goTo('members') : start())}
        />
      )}
      {step === 'members' && preview && (
        <MembersStep
          members={preview.members}
          choices={choices}
          onChange={(id, choice) => {
            setChoices((current) => ({ ...current, [id]: choice }));
            form.edited();
          }}
          formError={membersError ?? otherError}
          status={form.status}
          onBack={() => goTo('file')}
          onSubmit={start}
        />
      )}
      {step === 'run' && job && (
        <ImportRun
          key={job.id}
          id={job.id}
          name={job.name}
          onDone={onImported}
          onRetry={chooseAnother}
          onClose={close}
        />
      )}
    </Modal>
  );
}
