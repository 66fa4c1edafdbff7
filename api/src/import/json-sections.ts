/**
 * Reads a large JSON document whose top level is an object of arrays (a Trello export) without
 * holding it whole: stream-json's parser tokenises the stream, and each element of a wanted array is
 * assembled on its own and handed over, so memory holds one element at a time plus what the handlers
 * keep. Top-level scalars (a board's `name`) go to their own handlers; everything else is skipped.
 */
import type { Readable } from 'node:stream';
import streamJson from 'stream-json';
import Assembler from 'stream-json/Assembler.js';
import { BrokenSource } from './source.js';

interface Token {
  name: string;
  value?: string;
}

export interface Sections {
  /** Per top-level key holding an array: called with each element, in order. */
  arrays: Record<string, (element: unknown) => void>;
  /** Per top-level key holding a scalar: called with its value. */
  scalars?: Record<string, (value: unknown) => void>;
}

const SCALARS: Record<string, (value: string | undefined) => unknown> = {
  stringValue: (value) => value,
  numberValue: (value) => Number(value),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false,
};

/** Resolves once the document ends; rejects with BrokenSource for anything but a whole JSON object. */
export function readJsonSections(source: Readable, { arrays, scalars = {} }: Sections): Promise<void> {
  return new Promise((resolve, reject) => {
    const parser = streamJson.parser({ streamValues: false });
    let depth = 0;
    let key: string | null = null;
    let element: ((value: unknown) => void) | null = null;
    let assembler: Assembler | null = null;
    let failed = false;

    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      parser.destroy();
      reject(err instanceof BrokenSource ? err : new BrokenSource(String((err as Error)?.message ?? err)));
    };

    parser.on('data', (token: Token) => {
      if (failed) return;
      try {
        if (assembler) {
          assembler.consume(token);
          if (assembler.done) {
            const value = assembler.current;
            assembler = null;
            element?.(value);
          }
          return;
        }
        const scalar = SCALARS[token.name];
        if (token.name === 'startObject' || token.name === 'startArray') {
          if (depth === 0 && token.name !== 'startObject') throw new BrokenSource('not an object');
          if (depth === 2 && element) {
            assembler = new Assembler();
            assembler.consume(token);
            return;
          }
          depth += 1;
          if (depth === 2 && token.name === 'startArray' && key !== null) element = arrays[key] ?? null;
        } else if (token.name === 'endObject' || token.name === 'endArray') {
          depth -= 1;
          if (depth === 1) element = null;
        } else if (token.name === 'keyValue') {
          if (depth === 1) key = String(token.value);
        } else if (scalar) {
          if (depth === 0) throw new BrokenSource('not an object');
          if (depth === 1 && key !== null) scalars[key]?.(scalar(token.value));
          else if (depth === 2) element?.(scalar(token.value));
        }
      } catch (err) {
        fail(err);
      }
    });
    parser.on('error', fail);
    source.on('error', fail);
    parser.on('end', () => {
      if (failed) return;
      if (depth !== 0) fail(new BrokenSource('the document ends too soon'));
      else resolve();
    });
    source.pipe(parser);
  });
}
