// Edge table of the relay-board client (issue 16): only an address becomes a URL (SSRF), the board's state document
// read strictly, and a board that does not answer failing at once rather than holding the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSirenAnnouncement } from './operator-commands.ts';
import {
  boardBaseUrl,
  parseRelayStates,
  readRelayBoard,
  RelayBoardError,
  setBoardRelay,
} from './relay-board.ts';
import { startVirtualRelayBoard, type VirtualRelayBoard } from './virtual-relay-board.ts';

describe('board addresses', () => {
  it.each([
    ['10.20.1.10', 'http://10.20.1.10'],
    ['10.20.1.10:8080', 'http://10.20.1.10:8080'],
    ['relay-7.field.example', 'http://relay-7.field.example'],
    ['[fd00::7]:80', 'http://[fd00::7]:80'],
  ])('takes %s as %s', (address, url) => {
    expect(boardBaseUrl(address)).toBe(url);
  });

  it.each([
    'http://10.20.1.10',
    '10.20.1.10/state.xml',
    'user@10.20.1.10',
    '10.20.1.10:0',
    '10.20.1.10:65536',
    '10.20.1.10?x=1',
    '10.20.1.10#x',
    '',
    '256.1.1.1',
    '0x7f.1',
    '2130706433',
  ])('refuses %s', (address) => {
    expect(boardBaseUrl(address)).toBeNull();
  });
});

describe('the state document', () => {
  it('reads relayNstate elements, 1 on and 0 off, and nothing else', () => {
    const xml =
      '<datavalues><relay1state>1</relay1state><relay2state> 0 </relay2state><relay3state>2</relay3state><input1state>1</input1state></datavalues>';
    expect([...parseRelayStates(xml)]).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});

describe('talking to a board', () => {
  let board: VirtualRelayBoard;
  beforeAll(async () => {
    board = await startVirtualRelayBoard(2);
  });
  afterAll(async () => {
    await board.stop();
  });

  it('switches a relay and reads it back; refuses a channel the board does not have', async () => {
    expect(await readRelayBoard(board.baseUrl)).toEqual(
      new Map([
        [1, false],
        [2, false],
      ]),
    );
    expect((await setBoardRelay(board.baseUrl, 2, true)).get(2)).toBe(true);
    expect(board.states.get(2)).toBe(true);
    await expect(setBoardRelay(board.baseUrl, 3, true)).rejects.toBeInstanceOf(RelayBoardError);
  });

  it('fails at once when the board is off line', async () => {
    await board.setOnline(false);
    const started = Date.now();
    await expect(readRelayBoard(board.baseUrl)).rejects.toBeInstanceOf(RelayBoardError);
    expect(Date.now() - started).toBeLessThan(3_000);
    await board.setOnline(true);
    expect((await readRelayBoard(board.baseUrl)).get(2)).toBe(true);
  });
});

describe('the after-siren announcement (spec 02 §3 afterSirenPaId, postWarnMessage, postAllClearMessage)', () => {
  const base = {
    soundSeconds: 30,
    afterSirenMessage: 'Stored: shelter now.',
    postWarnMessage: 'Post warn.',
    postAllClearMessage: 'All clear.',
  };
  it('plays the stored after-siren message after a warning, else the post-warning text, once the sound ended', () => {
    expect(afterSirenAnnouncement({ ...base, kind: 'warning' })).toEqual({
      text: 'Stored: shelter now.',
      afterSeconds: 30,
    });
    expect(afterSirenAnnouncement({ ...base, kind: 'warning', afterSirenMessage: null })?.text).toBe(
      'Post warn.',
    );
  });
  it('plays the post-all-clear text after an all-clear, and nothing after a test or without a text', () => {
    expect(afterSirenAnnouncement({ ...base, kind: 'all-clear' })?.text).toBe('All clear.');
    expect(afterSirenAnnouncement({ ...base, kind: 'test-delay' })).toBeNull();
    expect(afterSirenAnnouncement({ ...base, kind: 'all-clear', postAllClearMessage: '  ' })).toBeNull();
  });
});
