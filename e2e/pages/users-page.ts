/** Page object of /users and /users/{name} with their modals (spec 2 §2). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';
import { userPath } from '../../packages/web/src/shared/iam-paths.js';

const ids = TEST_IDS.users;
const create = TEST_IDS.createUser;

export class UsersPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/users`);
    await this.page.getByTestId(ids.screen).waitFor();
  }

  async openUser(baseUrl: string, name: string): Promise<void> {
    await this.page.goto(`${baseUrl}${userPath(name)}`);
    await this.page.getByTestId(TEST_IDS.userDetail.screen).waitFor();
  }

  row(name: string) {
    return this.page.getByTestId(ids.row(name));
  }

  get createError() {
    return this.page.getByTestId(create.error);
  }

  async fillCreateUser(accessKey: string, secretKey: string, groups: readonly string[] = []): Promise<void> {
    await this.page.getByTestId(ids.create).click();
    await this.page.getByRole('dialog', { name: 'Create User' }).waitFor();
    await this.page.getByTestId(create.accessKey).fill(accessKey);
    await this.page.getByTestId(create.secretKey).fill(secretKey);
    for (const group of groups)
      await this.page.getByTestId(TEST_IDS.namePicker.option('create-user-groups', group)).check();
  }

  async saveCreateUser(accessKey: string): Promise<void> {
    await this.page.getByTestId(create.save).click();
    await this.row(accessKey).or(this.createError).first().waitFor();
    if (await this.createError.isVisible())
      throw new Error(`Create User refused: ${(await this.createError.textContent()) ?? ''}`);
    await this.page.getByRole('dialog', { name: 'Create User' }).waitFor({ state: 'hidden' });
  }
}
