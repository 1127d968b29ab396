/** Page object of /policies and /policies/{name} with the Create Policy and Delete Policy modals (spec 2 §2). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.policies;
const create = TEST_IDS.createPolicy;

export class PoliciesPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/policies`);
    await this.page.getByTestId(ids.screen).waitFor();
  }

  row(name: string) {
    return this.page.getByTestId(ids.row(name));
  }

  get saveButton() {
    return this.page.getByTestId(create.save);
  }

  get documentProblem() {
    return this.page.getByTestId(create.documentProblem);
  }

  /** Opens Create Policy and types the name and the document, without saving. */
  async fillCreatePolicy(name: string, document: string): Promise<void> {
    await this.page.getByTestId(ids.create).click();
    await this.page.getByRole('dialog', { name: 'Create Policy' }).waitFor();
    await this.page.getByTestId(create.name).fill(name);
    await this.page.getByTestId(create.document).fill(document);
  }

  /** Saves Create Policy and waits for the row; a refusal shown in the modal fails with its words. */
  async saveCreatePolicy(name: string): Promise<void> {
    await this.saveButton.click();
    const error = this.page.getByTestId(create.error);
    await this.row(name).or(error).first().waitFor();
    if (await error.isVisible())
      throw new Error(`Create Policy refused: ${(await error.textContent()) ?? ''}`);
    await this.page.getByRole('dialog', { name: 'Create Policy' }).waitFor({ state: 'hidden' });
  }

  async openDetail(name: string): Promise<void> {
    await this.page.getByTestId(ids.view(name)).click();
    await this.page.getByTestId(TEST_IDS.policyDetail.screen).waitFor();
  }
}
