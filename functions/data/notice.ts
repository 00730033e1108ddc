// What a notice to staff says and whom it tells: a type only, at the bottom of the data modules'
// imports, so the outbox (which stores notices), effects and notifications can all name it without
// importing one another.
import type { Module } from '#shared/permissions';

export interface NotifyInput {
  title: string;
  message: string;
  link?: string;
  /** Only members who may read this module are told (besides Notifications read). */
  module?: Module;
  /** Exactly these members (still only those who may read notifications). */
  userIds?: string[];
  /** Who caused it: not told about their own action. */
  exceptUserId?: string;
  /** Others not to tell (e.g. the member a 'member added' notice is about). */
  exceptUserIds?: string[];
  /**
   * The email of the patient the notice names: the notice and each member's notification are indexed
   * under it (gsi4), so erasing the patient finds and scrubs them (functions/domain/patients/erase.ts).
   */
  about?: string;
}
