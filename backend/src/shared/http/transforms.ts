import { Transform } from 'class-transformer';

/** Trims surrounding spaces of a string field; leaves other types for the validators to refuse. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Treats '' and null as "not given", for optional fields that forms send empty. */
export const EmptyAsUndefined = () => Transform(({ value }) => (value === '' || value === null ? undefined : value));
