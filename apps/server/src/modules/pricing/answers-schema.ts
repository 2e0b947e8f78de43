import { z } from 'zod';

/** Answers keyed by pricing input id: each a valueString (a number is taken as its text). */
export const answersSchema = z
  .record(
    z.string().max(20),
    z
      .union([z.string().max(200), z.number()], { error: 'Every answer must be text or a number.' })
      .transform(String),
    { error: 'Answers must be an object of answers by question id.' },
  )
  .refine((a) => Object.keys(a).length <= 100, { error: 'Too many answers.' });
