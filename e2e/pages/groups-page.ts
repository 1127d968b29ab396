/** Page object of /groups with the group modal, Set Policies and Delete Group (spec 2 §2). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.groups;
const modal = TEST_IDS.groupModal;

export class GroupsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/groups`);
    await this.page.getByTestId(ids.screen).waitFor();
  }

  row(name: string) {
    return this.page.getByTestId(ids.row(name));
  }

  /** Ticks `names` in a filterable multi-select list of a modal. */
  async pick(list: string, names: readonly string[]): Promise<void> {
    for (const name of names) await this.page.getByTestId(TEST_IDS.namePicker.option(list, name)).check();
  }

  async openCreate(): Promise<void> {
    await this.page.getByTestId(ids.create).click();
    await this.page.getByRole('dialog', { name: 'Create Group' }).waitFor();
  }

  /** Saves the group modal and waits for `name`'s row; a refusal in the modal fails with its words. */
  async saveModal(name: string): Promise<void> {
    await this.page.getByTestId(modal.save).click();
    const error = this.page.getByTestId(modal.error);
    await this.row(name).or(error).first().waitFor();
    if (await error.isVisible()) throw new Error(`Group modal refused: ${(await error.textContent()) ?? ''}`);
    await this.page.getByTestId(modal.modal).waitFor({ state: 'hidden' });
  }

  async setPolicies(group: string, policies: readonly string[]): Promise<void> {
    await this.page.getByTestId(ids.setPolicies(group)).click();
    await this.page.getByRole('dialog', { name: 'Set Policies' }).waitFor();
    await this.pick('set-policies', policies);
    await this.page.getByTestId(TEST_IDS.setPolicies.save).click();
    await this.page.getByRole('dialog', { name: 'Set Policies' }).waitFor({ state: 'hidden' });
  }
}
