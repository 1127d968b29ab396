/**
 * IAM end to end (issue 4, "How it is proven"), in a real Chromium against the real engine and
 * console server processes: the admin creates a group with readonly and a user in it, logs out;
 * the user logs in and sees only the pages its policy allows (no Users, Groups or Policies), has no
 * Create Bucket button, and the server refuses the call as well; in the object browser its Upload,
 * Create Folder and Delete Selected are disabled and the refused listing says access denied; a service account created on
 * /account works with awscli and stops working once deleted (one made on the user's page works too); a disabled user cannot log in;
 * deleting a user while on its page returns to the list. Along the way: policies (create with a
 * validating JSON editor, details, delete), the validation texts of spec 2 §5, the Access Audit tab,
 * an axe scan of every new screen and modal (no serious or critical violations) and a screenshot of
 * each under test-results/screenshots/iam-*.png. The steps share one browser page and run in order.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { awsS3 } from './harness/awscli.js';
import { expectAccessible, openBrowserPage, screenshotIfFailed } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { AccountPage } from './pages/account-page.js';
import type { Keys } from './pages/account-page.js';
import { GroupsPage } from './pages/groups-page.js';
import { LoginPage } from './pages/login-page.js';
import { PoliciesPage } from './pages/policies-page.js';
import { Shell } from './pages/shell.js';
import { UsersPage } from './pages/users-page.js';

const GROUP = 'readers';
const USER = 'alice';
const USER_SECRET = 'alice-secret-key';
/** A user whose name holds a slash (spec 2 §2: the user route's parameter may contain slashes). */
const SLASH_USER = 'team/bob';
const BUCKET = 'iam-audit';
const POLICY = 'iam-audit-read';
const POLICY_DOCUMENT = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/*`] }],
  },
  null,
  2,
);

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let scratch: string;

const check = (name: string) => expectAccessible(page, 'iam', name);

async function login(accessKey: string, secretKey: string): Promise<void> {
  const form = new LoginPage(page, stack.consoleUrl);
  await form.open();
  await form.login(accessKey, secretKey);
}

/** The page's session cookie as a Cookie header, for calls made outside the browser. */
async function cookieHeader(): Promise<string> {
  const cookies = await browser.context.cookies(stack.consoleUrl);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({
    acceptDownloads: true,
  });
  page = browser.page;
  scratch = await mkdtemp(join(tmpdir(), 'coffer-e2e-iam-'));
});

afterEach(({ task }) => screenshotIfFailed(page, 'iam', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

describe('IAM in the console', () => {
  it('shows the IAM sections to the admin', async () => {
    await login(ROOT_USER, ROOT_PASSWORD);
    const shell = new Shell(page);
    for (const path of ['/users', '/groups', '/policies', '/account', '/buckets']) {
      await shell.menuItem(path).waitFor();
    }
    // A bucket for the Access Audit and for the user's awscli listing.
    const created = await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, {
      data: { name: BUCKET, versioning: false, locking: false },
    });
    expect(created.status()).toBeLessThan(300);
  });

  it('lists the built-in policies, validates a new policy as JSON, shows and deletes it', async () => {
    const policies = new PoliciesPage(page);
    await policies.open(stack.consoleUrl);
    await policies.row('readonly').waitFor();
    await policies.row('consoleAdmin').waitFor();
    await check('01-policies');

    await page.getByTestId(TEST_IDS.policies.search).fill('write');
    await policies.row('readwrite').waitFor();
    await policies.row('readonly').waitFor({ state: 'detached' });
    await page.getByTestId(TEST_IDS.policies.search).fill('no-such-policy');
    await page.getByTestId(TEST_IDS.policies.empty).filter({ hasText: 'No Policies Available' }).waitFor();
    await page.getByTestId(TEST_IDS.policies.search).fill('');

    // The name must be non-empty after trimming; the document must be JSON.
    await policies.fillCreatePolicy('   ', POLICY_DOCUMENT);
    expect(await policies.saveButton.isDisabled()).toBe(true);
    await page.getByTestId(TEST_IDS.createPolicy.name).fill(POLICY);
    expect(await policies.saveButton.isEnabled()).toBe(true);
    await page.getByTestId(TEST_IDS.createPolicy.document).fill('{"Version": "2012-10-17", "Statement": [');
    await policies.documentProblem.waitFor();
    expect(await policies.documentProblem.textContent()).toMatch(/^The policy is not valid JSON/);
    expect(await policies.saveButton.isDisabled()).toBe(true);
    await check('02-create-policy-invalid');
    await page.getByTestId(TEST_IDS.createPolicy.document).fill(POLICY_DOCUMENT);
    await policies.saveCreatePolicy(POLICY);

    await policies.openDetail(POLICY);
    const detail = TEST_IDS.policyDetail;
    expect(await page.getByTestId(detail.name).inputValue()).toBe(POLICY);
    expect(await page.getByTestId(detail.name).isDisabled()).toBe(true);
    expect(JSON.parse(await page.getByTestId(detail.document).inputValue())).toEqual(
      JSON.parse(POLICY_DOCUMENT),
    );
    await check('03-policy-details');
    await page.getByTestId(detail.tabUsers).click();
    await page.getByTestId(detail.usersSearch).waitFor();
    await page.getByText('No Users Available').waitFor();
    await check('04-policy-users');
    await page.getByTestId(detail.tabGroups).click();
    await page.getByTestId(detail.groupsSearch).waitFor();

    await page.getByTestId(detail.delete).click();
    await page.getByRole('dialog', { name: 'Delete Policy' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Delete Policy' }).textContent()).toContain(
      `Are you sure you want to delete policy ${POLICY}?`,
    );
    await page.getByTestId(TEST_IDS.deletePolicy.confirm).click();
    await page.getByTestId(TEST_IDS.policies.screen).waitFor();
    await policies.row('readonly').waitFor();
    // The list may first paint from its cache; the reload after the delete must drop the row.
    await policies.row(POLICY).waitFor({ state: 'detached' });
  });

  it('creates a group with readonly', async () => {
    const groups = new GroupsPage(page);
    await groups.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.groups.empty).filter({ hasText: 'No Groups Available' }).waitFor();
    await check('05-groups-empty');

    await groups.openCreate();
    expect(await page.getByTestId(TEST_IDS.groupModal.save).isDisabled()).toBe(true);
    // No users exist yet.
    await page
      .getByTestId(TEST_IDS.namePicker.empty('group-members'))
      .filter({ hasText: 'No Users Available' })
      .waitFor();
    await page.getByTestId(TEST_IDS.groupModal.name).fill(GROUP);
    expect(await page.getByTestId(TEST_IDS.groupModal.save).isEnabled()).toBe(true);
    await check('06-create-group');
    await groups.saveModal(GROUP);

    await groups.setPolicies(GROUP, ['readonly']);
    await groups.row(GROUP).filter({ hasText: 'readonly' }).waitFor();
    await check('07-groups');
  });

  it('creates users, with the password rule, and offers Add to Group only with a selection', async () => {
    const users = new UsersPage(page);
    await users.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.users.empty).filter({ hasText: 'No Users Available' }).waitFor();
    expect(await page.getByTestId(TEST_IDS.users.addToGroup).isDisabled()).toBe(true);
    await check('08-users-empty');

    await users.fillCreateUser(USER, 'short', [GROUP]);
    await page.getByTestId(TEST_IDS.createUser.save).click();
    await users.createError.filter({ hasText: 'Passwords must be at least 8 characters long' }).waitFor();
    await check('09-create-user-short-secret');
    await page.getByTestId(TEST_IDS.createUser.secretKey).fill(USER_SECRET);
    await users.saveCreateUser(USER);

    await users.fillCreateUser(SLASH_USER, 'bob-secret-key');
    await users.saveCreateUser(SLASH_USER);

    await page.getByTestId(TEST_IDS.users.search).fill('ali');
    await users.row(SLASH_USER).waitFor({ state: 'detached' });
    await users.row(USER).waitFor();
    await page.getByTestId(TEST_IDS.users.search).fill('');
    await users.row(SLASH_USER).waitFor();

    await page.getByTestId(TEST_IDS.users.select(SLASH_USER)).check();
    expect(await page.getByTestId(TEST_IDS.users.addToGroup).isEnabled()).toBe(true);
    await check('10-users');
    // The dark theme passes too.
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await check('10-users-dark');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await page.getByTestId(TEST_IDS.users.addToGroup).click();
    await page.getByRole('dialog', { name: 'Add Users to Group' }).waitFor();
    await page.getByTestId(TEST_IDS.addToGroup.save).click();
    await page
      .getByTestId(TEST_IDS.addToGroup.error)
      .filter({ hasText: 'You need to select at least one group to assign' })
      .waitFor();
    await check('11-add-to-group');
    await page
      .getByRole('dialog', { name: 'Add Users to Group' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  it("shows a user's page with its groups, service accounts and policies", async () => {
    const users = new UsersPage(page);
    await users.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.users.view(USER)).click();
    await page.getByTestId(TEST_IDS.userDetail.screen).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/users/${USER}`);
    expect(await page.getByTestId(TEST_IDS.userDetail.breadcrumb).textContent()).toBe(`Users>${USER}`);
    await page.getByTestId(TEST_IDS.userDetail.groupRow(GROUP)).waitFor();
    expect(await page.getByRole('switch', { name: 'Enabled' }).isChecked()).toBe(true);
    await check('12-user-groups');

    await page.getByTestId(TEST_IDS.userDetail.tabServiceAccounts).click();
    await page.getByTestId(TEST_IDS.serviceAccounts.empty).waitFor();
    // An administrator makes a service account for the user; it acts as the user (readonly).
    const serviceAccounts = new AccountPage(page);
    const keys = await serviceAccounts.createServiceAccount(TEST_IDS.userDetail.createServiceAccount);
    await serviceAccounts.closeNewServiceAccount();
    await serviceAccounts.row(keys.accessKey).waitFor();
    await check('13-user-service-accounts');
    const listed = await awsS3(join(scratch, 'aws-user'), stack.engineUrl, keys, ['ls']);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain(BUCKET);
    await serviceAccounts.deleteServiceAccount(keys.accessKey);
    await page.getByTestId(TEST_IDS.serviceAccounts.empty).waitFor();

    await page.getByTestId(TEST_IDS.userDetail.tabPolicies).click();
    await page.getByTestId(TEST_IDS.userDetail.assignPolicies).click();
    await page.getByRole('dialog', { name: 'Set Policies' }).waitFor();
    await check('14-set-policies');
    await page.getByRole('dialog', { name: 'Set Policies' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId(TEST_IDS.userDetail.changePassword).click();
    await page.getByTestId(TEST_IDS.changeUserPassword.newPassword).fill('short');
    expect(await page.getByTestId(TEST_IDS.changeUserPassword.save).isDisabled()).toBe(true);
    await page.getByTestId(TEST_IDS.changeUserPassword.retype).fill('short');
    await page.getByTestId(TEST_IDS.changeUserPassword.save).click();
    await page
      .getByTestId(TEST_IDS.changeUserPassword.error)
      .filter({ hasText: 'Passwords must be at least 8 characters long' })
      .waitFor();
    await check('15-change-user-password');
    await page
      .getByRole('dialog', { name: /^Change Password/ })
      .getByRole('button', { name: 'Cancel' })
      .click();

    // The group's policy lists the group on its Groups tab.
    await page.goto(`${stack.consoleUrl}/policies/readonly`);
    await page.getByTestId(TEST_IDS.policyDetail.tabGroups).click();
    await page.getByTestId(TEST_IDS.policyDetail.groupRow(GROUP)).waitFor();
    await check('16-policy-groups');
  });

  it("lists the bucket's policies and users in its Access Audit tab", async () => {
    await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/access`);
    await page.getByTestId(TEST_IDS.accessAudit.screen).waitFor();
    await page.getByTestId(TEST_IDS.accessAudit.policyRow('readonly')).waitFor();
    await check('17-access-audit-policies');
    await page.getByTestId(TEST_IDS.accessAudit.tabUsers).click();
    await page.getByTestId(TEST_IDS.accessAudit.userRow(USER)).waitFor();
    // Users reach the bucket through their groups' policies too; the user without any does not.
    expect(await page.getByTestId(TEST_IDS.accessAudit.userRow(SLASH_USER)).count()).toBe(0);
    await check('18-access-audit-users');
    await page.getByTestId(TEST_IDS.accessAudit.userRow(USER)).click();
    await page.getByTestId(TEST_IDS.userDetail.screen).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/users/${USER}`);
  });

  it('lets the readonly user see only its pages, with no Create Bucket, and the server refuses it too', async () => {
    await new Shell(page).logout();
    // The object browser asks whether s3:CreateBucket is allowed as soon as it shows.
    const permissionAnswer = page.waitForResponse((r) => r.url().endsWith('/api/v1/has-permission'));
    await login(USER, USER_SECRET);
    const shell = new Shell(page);
    // readonly allows s3:GetObject and s3:GetBucketLocation: the object browser, not the bucket
    // admin screens; every account has its own account page.
    await shell.menuItem('/object-browser').waitFor();
    await shell.menuItem('/account').waitFor();
    for (const path of ['/buckets', '/users', '/groups', '/policies'])
      expect(await shell.menuItem(path).count()).toBe(0);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketRow(BUCKET)).waitFor();
    await permissionAnswer;
    expect(await page.getByTestId(TEST_IDS.buckets.createBucket).count()).toBe(0);
    await check('19-readonly-user');

    const asked = await fetch(`${stack.consoleUrl}/api/v1/has-permission`, {
      method: 'POST',
      headers: { cookie: await cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ actions: [{ id: 'create', action: 's3:CreateBucket' }] }),
    });
    expect(await asked.json()).toEqual({ permissions: [{ id: 'create', can: false }] });
    const refused = await fetch(`${stack.consoleUrl}/api/v1/buckets`, {
      method: 'POST',
      headers: { cookie: await cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'not-allowed', versioning: false, locking: false }),
    });
    expect(refused.status).toBe(403);

    for (const path of ['/users', '/buckets']) {
      await page.goto(`${stack.consoleUrl}${path}`);
      await page.getByTestId(TEST_IDS.layout.notFound).waitFor();
    }
  });

  it('shows the readonly user an object browser that follows its rights: no writes, listing denied', async () => {
    // readonly has no s3:PutObject, s3:DeleteObject or s3:ListBucket on the bucket.
    const writeAnswer = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/v1/has-permission') && (r.request().postData() ?? '').includes('s3:PutObject'),
    );
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}`);
    const denied = page.getByTestId(TEST_IDS.objectBrowser.denied);
    await denied.waitFor();
    expect(await denied.textContent()).toBe(
      'Access denied. You are not allowed to list the contents of this folder.',
    );
    expect(await page.getByTestId(TEST_IDS.objectBrowser.empty).count()).toBe(0);
    const answer = (await (await writeAnswer).json()) as { permissions: { id: string; can: boolean }[] };
    expect(answer.permissions).toEqual([
      { id: 'put', can: false },
      { id: 'delete', can: false },
    ]);
    expect(await page.getByTestId(TEST_IDS.objectBrowser.upload).isDisabled()).toBe(true);
    expect(await page.getByTestId(TEST_IDS.objectBrowser.createFolder).isDisabled()).toBe(true);
    expect(await page.getByTestId(TEST_IDS.objectBrowser.deleteSelected).isDisabled()).toBe(true);
    await check('19b-readonly-object-browser');
  });

  it("creates a service account on /account whose keys work with awscli until it's deleted", async () => {
    const account = new AccountPage(page);
    await account.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.serviceAccounts.empty).waitFor();
    await check('20-account');

    await page.getByTestId(TEST_IDS.account.create).click();
    await page.getByRole('dialog', { name: 'Create Service Account' }).waitFor();
    await page.getByTestId(TEST_IDS.createServiceAccount.restrict).check();
    await page.getByTestId(TEST_IDS.createServiceAccount.policy).fill('{"Statement": ');
    expect(await page.getByTestId(TEST_IDS.createServiceAccount.save).isDisabled()).toBe(true);
    await check('21-create-service-account');
    await page.getByTestId(TEST_IDS.createServiceAccount.restrict).uncheck();
    await page
      .getByRole('dialog', { name: 'Create Service Account' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    const keys: Keys = await account.createServiceAccount(TEST_IDS.account.create);
    expect(keys.accessKey).not.toBe('');
    expect(keys.secretKey).not.toBe('');
    await check('22-new-service-account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(TEST_IDS.newServiceAccount.download).click(),
    ]);
    expect(download.suggestedFilename()).toBe('credentials.json');
    expect(JSON.parse(await readFile(await download.path(), 'utf8'))).toEqual(keys);
    await account.closeNewServiceAccount();
    await account.row(keys.accessKey).waitFor();

    const listed = await awsS3(join(scratch, 'aws-1'), stack.engineUrl, keys, ['ls']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(BUCKET);

    await account.deleteServiceAccount(keys.accessKey);
    const refused = await awsS3(join(scratch, 'aws-2'), stack.engineUrl, keys, ['ls']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/InvalidAccessKeyId|AccessDenied|SignatureDoesNotMatch/);
  });

  it("checks the account's own password change rules", async () => {
    await page.getByTestId(TEST_IDS.account.changePassword).click();
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    expect(await page.getByTestId(TEST_IDS.changePassword.save).isDisabled()).toBe(true);
    await page.getByTestId(TEST_IDS.changePassword.current).fill(USER_SECRET);
    await page.getByTestId(TEST_IDS.changePassword.newPassword).fill('new-password');
    await page.getByTestId(TEST_IDS.changePassword.retype).fill('new-passwore');
    await page.getByTestId(TEST_IDS.changePassword.save).click();
    await page
      .getByTestId(TEST_IDS.changePassword.error)
      .filter({ hasText: "New passwords don't match" })
      .waitFor();
    await page.getByTestId(TEST_IDS.changePassword.newPassword).fill('short');
    await page.getByTestId(TEST_IDS.changePassword.retype).fill('short');
    await page.getByTestId(TEST_IDS.changePassword.save).click();
    await page
      .getByTestId(TEST_IDS.changePassword.error)
      .filter({ hasText: 'Passwords must be at least 8 characters long' })
      .waitFor();
    await check('23-change-password');
    await page
      .getByRole('dialog', { name: 'Change Password' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  it('keeps a disabled user from logging in', async () => {
    await new Shell(page).logout();
    await login(ROOT_USER, ROOT_PASSWORD);
    const users = new UsersPage(page);
    await users.openUser(stack.consoleUrl, USER);
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByRole('switch', { name: 'Disabled' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Disabled' }).isEnabled()).toBe(true);
    await check('24-user-disabled');
    const answer = await page.request.get(`${stack.consoleUrl}/api/v1/user?name=${USER}`);
    expect(await answer.json()).toMatchObject({ status: 'disabled', memberOf: [GROUP] });

    await new Shell(page).logout();
    const form = new LoginPage(page, stack.consoleUrl);
    await form.open();
    await form.fill(USER, USER_SECRET);
    await form.submit.click();
    await form.banner.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('deletes a user (a name with a slash) while on its page and returns to the list', async () => {
    await login(ROOT_USER, ROOT_PASSWORD);
    const users = new UsersPage(page);
    await users.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.users.view(SLASH_USER)).click();
    await page.getByTestId(TEST_IDS.userDetail.screen).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/users/${SLASH_USER}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SLASH_USER);

    await page.getByTestId(TEST_IDS.userDetail.delete).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete user ${SLASH_USER}?`);
    await check('25-delete-user');
    await page.getByTestId(TEST_IDS.deleteUser.confirm).click();
    await page.getByTestId(TEST_IDS.users.screen).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await dialog.waitFor({ state: 'hidden' });
    await users.row(USER).waitFor();
    await users.row(SLASH_USER).waitFor({ state: 'detached' });
    // Only the success snackbar: the deleted user's page asked nothing more of the server.
    const notices = await page.getByTestId(TEST_IDS.layout.notification).allTextContents();
    expect(notices).toEqual([`User '${SLASH_USER}' deleted successfully.`]);
  });

  it('deletes a group after confirming', async () => {
    const groups = new GroupsPage(page);
    await groups.open(stack.consoleUrl);
    await page.getByTestId(TEST_IDS.groups.delete(GROUP)).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Group' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete group ${GROUP}?`);
    await page.getByTestId(TEST_IDS.deleteGroup.confirm).click();
    await groups.row(GROUP).waitFor({ state: 'detached' });
  });

  it('raised no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
