import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, paths } from 'shared-ui';
import type { MyTask } from '../api/get-my-tasks';
import { dueText, viewerTimeZone } from '../due-time';
import { type DueGroupKey, groupTasks, type TaskGroup } from '../group-tasks';
import { useMinuteTick, useMyTasks } from '../use-my-tasks';
import '../../../components/page/page.css';
import './my-tasks.css';

/** /my-tasks: every task assigned to the current user, grouped by its due date in the viewer's zone. */
export function MyTasksPage() {
  const { status, tasks, reload } = useMyTasks();
  useMinuteTick();

  useEffect(() => {
    const title = document.title;
    document.title = 'Мои задачи — Канбан';
    return () => {
      document.title = title;
    };
  }, []);

  return (
    <div className="boards-page">
      <div className="boards-page__head">
        <h1 className="boards-page__title">Мои задачи</h1>
        <Link className="my-tasks__back" to={paths.home.href()}>
          Мои доски
        </Link>
      </div>
      <p className="my-tasks__lead">Задачи, в которых вы исполнитель, со всех ваших досок.</p>
      <MyTasksContent status={status} tasks={tasks} onRetry={reload} />
    </div>
  );
}

interface ContentProps {
  status: 'loading' | 'success' | 'error';
  tasks: MyTask[] | null;
  onRetry: () => void;
}

function MyTasksContent({ status, tasks, onRetry }: ContentProps) {
  if (!tasks && status === 'error') {
    return (
      <div className="my-tasks-state" role="alert">
        <div className="ui-error-mark" aria-hidden="true">
          !
        </div>
        <h2 className="my-tasks-state__title">Не удалось загрузить задачи</h2>
        <p className="my-tasks-state__text">Попробуйте ещё раз — обычно это помогает.</p>
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      </div>
    );
  }

  if (!tasks) {
    return (
      <div className="my-tasks__groups" role="status" aria-label="Загрузка задач">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="my-tasks-skeleton" />
        ))}
      </div>
    );
  }

  if (tasks.length === 0) {
    return (
      <div className="my-tasks-state">
        <h2 className="my-tasks-state__title">Нет задач, назначенных вам</h2>
        <p className="my-tasks-state__text">
          Когда вас назначат исполнителем задачи на одной из ваших досок, она появится здесь.
        </p>
      </div>
    );
  }

  const now = Date.now();
  const zone = viewerTimeZone();
  return (
    <div className="my-tasks__groups" aria-busy={status === 'loading' || undefined}>
      {groupTasks(tasks, now, zone).map((group) => (
        <TaskGroupSection key={group.key} group={group} now={now} zone={zone} />
      ))}
    </div>
  );
}

function TaskGroupSection({ group, now, zone }: { group: TaskGroup<MyTask>; now: number; zone: string }) {
  const titleId = useId();
  return (
    <section className={`my-tasks-group my-tasks-group--${group.key}`} aria-labelledby={titleId}>
      <h2 className="my-tasks-group__title" id={titleId}>
        {group.title} <span className="my-tasks-group__count">{group.tasks.length}</span>
      </h2>
      <ul className="boards-list">
        {group.tasks.map((task) => (
          <li key={task.id}>
            <TaskRow task={task} group={group.key} now={now} zone={zone} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TaskRow({
  task,
  group,
  now,
  zone,
}: {
  task: MyTask;
  group: DueGroupKey;
  now: number;
  zone: string;
}) {
  return (
    <Link className="my-task" to={paths.boardTask.href({ boardId: task.boardId, taskNumber: task.number })}>
      <span className="my-task__title">{task.title}</span>
      <span className="my-task__meta">
        <span className="ui-visually-hidden">, доска </span>
        <span className="my-task__board">{task.board.name}</span>
        {task.dueAt && (
          <span className={`my-task__due my-task__due--${group}`}>
            <span className="ui-visually-hidden">, срок </span>
            {task.dueDone && <span aria-hidden="true">✓ </span>}
            {dueText(task.dueAt, now, zone)}
            {task.dueDone && <span className="ui-visually-hidden">, выполнено</span>}
          </span>
        )}
      </span>
    </Link>
  );
}
