/** STS request errors (answered in the STS ErrorResponse shape). */
import { defineError } from '../common/errors.js';

export class MissingParameter extends defineError('MissingParameter') {}
export class InvalidParameterValue extends defineError('InvalidParameterValue') {}
/** Too many failed sign-ins from this address or for this account (back-off in `sts/assume-role.ts`). */
export class TooManyLoginAttempts extends defineError('TooManyLoginAttempts') {}
