import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteDefinition } from '../../remotes/remote-definition';
import '../../test/utils';
import { RemoteSlot } from './RemoteSlot';

const flaky = { broken: true };
function Flaky() {
  if (flaky.broken) throw new Error('boom');
  return <p>Снова работает</p>;
}

vi.mock('../../federation/load-remote', () => ({ RemoteMissingError: class extends Error {} }));

describe('RemoteSlot', () => {
  it('shows the error area when the loader rejects and retries on Повторить', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<RemoteDefinition['load']>()
      .mockRejectedValueOnce(new Error('manifest 404'))
      .mockResolvedValueOnce(() => <p>Раздел загружен</p>);
    render(<RemoteSlot remote={{ name: 'mf_settings', title: 'Настройки', load }} />);

    expect(await screen.findByText('Не удалось загрузить раздел')).toBeTruthy();
    expect(screen.getByText(/«Настройки»/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));

    expect(await screen.findByText('Раздел загружен')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith({ refresh: true });
  });

  it('keeps a remote that throws while rendering inside the error area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <header>Шапка</header>
        <RemoteSlot remote={{ name: 'mf_auth', title: 'Вход', load: async () => Flaky }} />
      </div>,
    );
    expect(await screen.findByText('Не удалось загрузить раздел')).toBeTruthy();
    expect(screen.getByText('Шапка')).toBeTruthy();

    flaky.broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Снова работает')).toBeTruthy();
  });

  it('renders the placeholder instead of the error area when the remote is not deployed', async () => {
    const { RemoteMissingError } = await import('../../federation/load-remote');
    render(
      <RemoteSlot
        remote={{
          name: 'mf_boards',
          title: 'Мои доски',
          load: () => Promise.reject(new RemoteMissingError('x')),
        }}
        whenMissing={<p>Заглушка</p>}
      />,
    );
    expect(await screen.findByText('Заглушка')).toBeTruthy();
  });
});
