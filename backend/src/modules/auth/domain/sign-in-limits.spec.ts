import {
  DISABLE_CODE_TRIES,
  needsSecondProof,
  RESET_REQUESTS,
  RESET_TRIES,
  SECOND_PROOF_MIN_ADDRESSES,
  SECOND_PROOF_NOTICE,
  SECOND_PROOF_THRESHOLD,
  SECOND_PROOF_TRIES,
  secondProofsExhausted,
  SIGN_IN_CODES,
  SIGN_IN_TRIES,
} from './sign-in-limits';

const MINUTE = 60_000;

describe('sign-in limits (CONTRACT §5, §12)', () => {
  it('has the numbers of the contract', () => {
    expect(SIGN_IN_TRIES).toEqual({ kind: 'login_failure', max: 10, windowMs: 15 * MINUTE, perAddress: true });
    expect(SECOND_PROOF_TRIES).toEqual({ kind: 'proof_failure', max: 20, windowMs: 15 * MINUTE, perAddress: false });
    expect(DISABLE_CODE_TRIES).toEqual({ kind: 'disable_failure', max: 5, windowMs: 15 * MINUTE, perAddress: false });
    expect(SECOND_PROOF_NOTICE).toMatchObject({ max: 1, windowMs: 15 * MINUTE, perAddress: false });
    expect(RESET_REQUESTS).toMatchObject({ max: 5, windowMs: 60 * MINUTE, perAddress: false });
    expect(RESET_TRIES).toMatchObject({ max: 10, windowMs: 60 * MINUTE, perAddress: false });
    expect(SIGN_IN_CODES).toMatchObject({ max: 5, windowMs: 60 * MINUTE, perAddress: false });
  });

  it('asks for a second proof only after 50 failures from at least 10 distinct addresses', () => {
    expect(needsSecondProof({ failures: SECOND_PROOF_THRESHOLD, addresses: SECOND_PROOF_MIN_ADDRESSES })).toBe(true);
    expect(needsSecondProof({ failures: 500, addresses: 50 })).toBe(true);
    // many failures from few addresses: each address counts once
    expect(needsSecondProof({ failures: 90, addresses: SECOND_PROOF_MIN_ADDRESSES - 1 })).toBe(false);
    expect(needsSecondProof({ failures: 1000, addresses: 1 })).toBe(false);
    // many addresses, few failures
    expect(needsSecondProof({ failures: SECOND_PROOF_THRESHOLD - 1, addresses: 49 })).toBe(false);
  });

  it('calls the second proofs exhausted from the twentieth wrong one', () => {
    expect(secondProofsExhausted(SECOND_PROOF_TRIES.max - 1)).toBe(false);
    expect(secondProofsExhausted(SECOND_PROOF_TRIES.max)).toBe(true);
  });
});
