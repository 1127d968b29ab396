/** STS request errors (answered in the STS ErrorResponse shape). */
import { defineError } from '../common/errors.js';

export class MissingParameter extends defineError('MissingParameter') {}
export class InvalidParameterValue extends defineError('InvalidParameterValue') {}
