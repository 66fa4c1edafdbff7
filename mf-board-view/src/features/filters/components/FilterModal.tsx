import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, TextField } from 'shared-ui';
import { Modal, MultiSelect } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import { emptyFilters, parseFilters, withFilters } from '../../../shared/filters';
import { memberLabel } from '../../../shared/members';
import { usePublicToken } from '../../../shared/public-board';
import { DUE_OPTIONS, type FilterForm, filtersToForm, formToFilters } from '../model/filter-form';
import './filters.css';

/** BOARD_FILTER: assignees, labels, priorities, due dates and a text search, written to the URL on 'Применить'. */
export function FilterModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<FilterForm>(() => filtersToForm(parseFilters(params)));
  // A public link's board is filtered in the page, which has the titles but not the descriptions.
  const searchText = usePublicToken() ? 'Поиск по названию' : 'Поиск по названию или описанию';

  const write = (next: FilterForm | null) => {
    setParams(withFilters(params, next ? formToFilters(next) : emptyFilters()));
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    write(form);
  };

  // Members who left stay listed while they are in the filter, so they can be unticked.
  const members = board.members.filter(
    (member) => (member.accepted && !member.isDeleted) || form.assignee.includes(String(member.id)),
  );

  return (
    <Modal title="Фильтр по задачам" width={600} onClose={onClose}>
      <form className="bv-filter" noValidate onSubmit={onSubmit}>
        {form.search.map((value, index) => (
          <TextField
            // The fields only grow from the URL while the modal is open, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            label={index === 0 ? searchText : `${searchText} (${index + 1})`}
            name={index === 0 ? 'search' : `search-${index + 1}`}
            type="search"
            placeholder="Например, отчёт"
            value={value}
            onChange={(event) =>
              setForm({
                ...form,
                search: form.search.map((item, at) => (at === index ? event.target.value : item)),
              })
            }
          />
        ))}
        <MultiSelect
          label="Исполнители"
          name="assignee"
          value={form.assignee}
          options={members.map((member) => ({ value: String(member.id), label: memberLabel(member) }))}
          onChange={(assignee) => setForm({ ...form, assignee })}
        />
        <MultiSelect
          label="Метки"
          name="label"
          value={form.label}
          emptyText="На доске пока нет меток"
          options={board.labels.map((label) => ({
            value: String(label.id),
            label: label.title,
            color: label.color,
          }))}
          onChange={(label) => setForm({ ...form, label })}
        />
        <MultiSelect
          label="Приоритет"
          name="priority"
          value={form.priority}
          options={board.priorities.map((item) => ({
            value: item.value,
            label: item.label,
            color: item.color,
          }))}
          onChange={(priority) => setForm({ ...form, priority })}
        />
        <MultiSelect
          label="Срок"
          name="due"
          value={form.due}
          options={DUE_OPTIONS}
          onChange={(due) => setForm({ ...form, due })}
        />
        <div className="bv-modal-actions">
          <Button variant="secondary" onClick={() => write(null)}>
            Сбросить
          </Button>
          <Button type="submit">Применить</Button>
        </div>
      </form>
    </Modal>
  );
}
