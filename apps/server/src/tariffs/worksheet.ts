import type { RatingWorksheet } from '../../../../generated/types/rating-worksheet.ts';

/** The rating worksheet (definitions/schema/rating-worksheet.schema.json). */
export type Worksheet = RatingWorksheet;

/** A value the rating worked with: a number, a text, a date, a yes/no, or nothing. */
export type RatingValue = number | string | boolean | null;

/** One input of the rating with the value it had. */
export type WorksheetInput = RatingWorksheet['eingaben'][number];

/** One insurability rule and whether it held. */
export type WorksheetCheck = RatingWorksheet['pruefungen'][number];

/** One step of the rate routine: what it did, with which value, and the result. */
export type WorksheetStep = RatingWorksheet['schritte'][number];

/** Where a step's value came from, as the worksheet records it. */
export type ValueSource = NonNullable<WorksheetStep['quelle']>;
