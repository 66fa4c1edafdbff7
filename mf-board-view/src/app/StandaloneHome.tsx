import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, paths, TextField, useAuthStore } from 'shared-ui';

/** Standalone only: open a board by id (sign in through the shell or mf-auth first). */
export function StandaloneHome() {
  const token = useAuthStore((state) => state.token);
  const navigate = useNavigate();
  const [boardId, setBoardId] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (boardId.trim()) navigate(paths.board.href({ boardId: boardId.trim() }));
  };
  return (
    <form className="bv-standalone" onSubmit={onSubmit}>
      <h1>mf-board-view</h1>
      <p>
        {token
          ? 'Вы вошли. Откройте доску по номеру.'
          : 'Нет токена: войдите через shell (localStorage token).'}
      </p>
      <TextField
        label="Номер доски"
        name="boardId"
        value={boardId}
        onChange={(e) => setBoardId(e.target.value)}
      />
      <Button type="submit">Открыть</Button>
    </form>
  );
}
