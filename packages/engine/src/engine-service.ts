/**
 * Control of a running engine from its own admin API (`service?action=restart`): the composition
 * root (`engine.ts`) implements it; contexts built by hand (tests) have none.
 */
export interface EngineService {
  /**
   * Rebuild the engine's services (configuration, IAM, bucket metadata, KMS, events, background
   * work) from the drives, in place: same process, same listener; requests arriving meanwhile wait
   * for the new services. Resolves when the new services answer.
   */
  restart(): Promise<void>;
}
