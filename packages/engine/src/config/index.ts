/** The server configuration (issue 10 §1): what services read, and the store behind the admin config API. */
export { csv, isOn, staticConfig, type ConfigReader, type ConfigTarget, type ConfigValues } from './types.js';
