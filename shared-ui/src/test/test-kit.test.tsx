import { act, fireEvent, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MODAL_ROOT_ID } from '../components/modal/modal-root';
import { useAuthStore } from '../stores/auth-store';
import {
  assign,
  bodyOf,
  calls,
  FakeXhr,
  fetchMock,
  jsonResponse,
  location,
  renderInRouter,
  routeApi,
  setUpFrontEndTests,
  storeSession,
} from './index';

setUpFrontEndTests({ pathname: '/start', modalRoot: true });

function Go() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/next?x=1')}>
      go
    </button>
  );
}

describe('routeApi', () => {
  it('answers by method and path: a handler with the full URL, a value as 200 JSON, the rest 404', async () => {
    routeApi({
      'GET /api/board/7': { id: 7 },
      'GET /api/search': (url) => jsonResponse(201, { q: url.searchParams.get('q') }),
      'POST /api/done': () => undefined,
    });
    const board = await fetch('/api/board/7');
    expect([board.status, await board.json()]).toEqual([200, { id: 7 }]);
    const search = await fetch('/api/search?q=x');
    expect([search.status, await search.json()]).toEqual([201, { q: 'x' }]);
    expect(await (await fetch('/api/done', { method: 'POST' })).json()).toEqual({ success: true });
    const missing = await fetch('/api/board/7', { method: 'DELETE' });
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Не найдено' }]);
  });

  it('leaves fetchMock to answer when nothing is routed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, {}));
    expect((await fetch('/x')).status).toBe(500);
    expect(fetchMock).toHaveBeenCalledWith('/x');
  });
});

describe('calls and bodyOf', () => {
  it('log fetch and XMLHttpRequest in order; bodyOf reads the last JSON body sent to a path', async () => {
    routeApi({});
    await fetch('/api/a?page=1', { method: 'POST', body: JSON.stringify({ n: 1 }) });
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', '/upload/k?signature=s');
    xhr.send('bytes');
    await fetch('/api/a?page=2', { method: 'POST', body: JSON.stringify({ n: 2 }) });
    expect(calls()).toEqual(['POST /api/a?page=1', 'PUT /upload/k?signature=s', 'POST /api/a?page=2']);
    expect(bodyOf('POST /api/a')).toEqual({ n: 2 });
    expect(bodyOf('GET /api/a')).toBeUndefined();
  });

  it('start empty in each test', () => {
    expect(calls()).toEqual([]);
    expect(FakeXhr.all).toEqual([]);
  });
});

describe('FakeXhr', () => {
  it('records the request and lets the test drive progress and the answer', () => {
    const xhr = new XMLHttpRequest();
    const seen: string[] = [];
    xhr.upload.onprogress = (event) => seen.push(`${event.loaded}/${event.total}`);
    xhr.onload = () => seen.push(`${xhr.status} ${xhr.responseText}`);
    xhr.open('PUT', '/up');
    xhr.setRequestHeader('Content-Type', 'text/plain');
    xhr.send('hello');
    const fake = FakeXhr.last!;
    expect([fake.method, fake.url, fake.headers, fake.body, fake.afterCalls]).toEqual([
      'PUT',
      '/up',
      { 'Content-Type': 'text/plain' },
      'hello',
      0,
    ]);
    fake.progress(2, 5);
    fake.respond(200, { ok: true });
    expect(seen).toEqual(['2/5', '200 {"ok":true}']);
  });
});

describe('setUpFrontEndTests', () => {
  it('renders in a router with a location probe, a modal root and a stand-in location', () => {
    renderInRouter(<Go />, ['/first', '/second']);
    expect(location()).toBe('/second');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    expect(location()).toBe('/next?x=1');
    expect(document.getElementById(MODAL_ROOT_ID)).not.toBeNull();
    expect(window.location.pathname).toBe('/start');
    window.location.assign('/login');
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('stores a session; the next test starts signed out with nothing rendered', () => {
    storeSession('t1', { userId: 3 });
    expect([
      localStorage.getItem('token'),
      useAuthStore.getState().token,
      useAuthStore.getState().userId,
    ]).toEqual(['t1', 't1', 3]);
  });

  it('starts clean', () => {
    expect([localStorage.getItem('token'), useAuthStore.getState().token]).toEqual([null, null]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
