import { NotFoundError, RuleViolatedError } from '../../../shared/errors/domain-error';

export const WRONG_CODE_MESSAGE = "The setup code is not right. It is printed in the server's console.";
export const CODE_REPLACED_MESSAGE = "Too many wrong codes: a new setup code is printed in the server's console.";

/** A code that is not the printed one (or not a code at all). Nothing is created. */
export const wrongSetupCode = () => new RuleViolatedError('SETUP.WRONG_CODE', WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });

/** The fifth wrong code: the code was replaced and the new one printed. */
export const setupCodeReplaced = () => new RuleViolatedError('SETUP.CODE_REPLACED', CODE_REPLACED_MESSAGE, { code: CODE_REPLACED_MESSAGE });

/** Setup is done (the studio has its admin): the first run's routes answer as if they did not exist. */
export const setupDone = () => new NotFoundError('SETUP.DONE', 'Setup is already done: sign in instead.');
