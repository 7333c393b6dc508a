import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/pg-core';

// Column shapes several tables share, written once.

/** A list of texts, empty by default: `text[] not null default '{}'`. */
export const textList = <T extends string = string>(name: string) =>
  text(name)
    .array()
    .$type<T[]>()
    .notNull()
    .default(sql`'{}'::text[]`);

/** A list of integers (ids), empty by default: `integer[] not null default '{}'`. */
export const integerList = (name: string) =>
  integer(name)
    .array()
    .$type<number[]>()
    .notNull()
    .default(sql`'{}'::integer[]`);
