/**
 * Writes the import benchmark's Trello export to the path it is given; run in a process of its own
 * (import.ts), so building the 40 MB document leaves nothing in the measured process's memory.
 */
import { writeFileSync } from 'node:fs';
import { bigTrelloBoard } from '../test/trello.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: trello-file.ts <path>');
writeFileSync(path, JSON.stringify(bigTrelloBoard()));
