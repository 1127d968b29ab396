/** Errors of the drives and erasure coding: quorum lost, data corrupt, a body cut short. */
import { defineError } from '../common/errors.js';

export class InsufficientReadQuorum extends defineError('InsufficientReadQuorum') {}
export class InsufficientWriteQuorum extends defineError('InsufficientWriteQuorum') {}
/** A stored shard or metadata failed its checksum and could not be rebuilt from the others. */
export class FileCorrupt extends defineError('FileCorrupt') {}
/** The body was shorter or longer than the declared Content-Length. */
export class IncompleteBody extends defineError('IncompleteBody') {}
/**
 * The process ran out of file descriptors (EMFILE/ENFILE) while touching a drive: a resource
 * problem of the process, not a drive fault — the client retries later, the drive stays online.
 */
export class ResourceExhausted extends defineError('ResourceExhausted') {}
