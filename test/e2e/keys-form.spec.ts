// The create form's pickers in browser mode: groups from GET /api/user/self/groups with description and ratio
// (Chinese names included), and the model whitelist offering the chosen group's models where they can be learned,
// free typing where they cannot (a read-only token cannot reveal a key to learn them).
import { useDemoGateway } from './support/emulator';
import { expect, test } from './support/fixtures';
import { KeysPage } from './pages/keys.page';

const demo = useDemoGateway();

test('groups show desc and ratio; the model whitelist offers the group’s models, else free typing', async ({
  page,
  keydesk,
}) => {
  const keys = new KeysPage(page);
  await keys.start(keydesk.url, demo.gw, [
    { label: 'Alice', token: 'demo-access-token-alice' },
    { label: 'Bob', token: 'demo-access-token-bob-readonly' },
  ]);
  await expect(keys.row('bulk-160')).toBeVisible();
  await page.keyboard.press('n');
  const form = page.getByTestId('key-form');
  const options = page.locator('.n-base-select-option');

  await form.getByTestId('form-group').click();
  await expect(options.getByText('default — 默认分组 (×1)', { exact: true })).toBeVisible();
  await expect(options.getByText('vip — VIP 分组 (×1.5)', { exact: true })).toBeVisible();
  await expect(options.getByText(/^企业/)).toHaveCount(0); // not usable by Alice
  await options.getByText('vip — VIP 分组 (×1.5)', { exact: true }).click();

  await form.getByTestId('form-model-limits').click();
  const models = form.getByTestId('form-models');
  await expect(models).toContainText('Pick from the group’s models or type');
  await models.click();
  for (const id of ['o3', 'claude-sonnet-4', 'gpt-4o'])
    await expect(options.getByText(id, { exact: true })).toBeVisible();
  await expect(options.getByText('deepseek-chat', { exact: true })).toHaveCount(0); // vip lacks it
  await options.getByText('o3', { exact: true }).click();
  await page.keyboard.type('my-own-model');
  await page.keyboard.press('Enter');
  await expect(models.locator('.n-tag')).toHaveText(['o3', 'my-own-model']);
  await page.keyboard.press('Escape'); // closes the menu, not the form
  await expect(form).toBeVisible();

  // Bob's groups: a Chinese name with its description and ratio.
  await form.getByTestId('form-account').click();
  await options.getByText('Bob', { exact: true }).click();
  await form.getByTestId('form-group').click();
  await expect(options.getByText('企业 — 企业专线 (×0.8)', { exact: true })).toBeVisible();
  await options.getByText('企业 — 企业专线 (×0.8)', { exact: true }).click();
  await expect(form.getByTestId('form-group')).toContainText('企业');
  // A read-only token cannot reveal a key to learn the group's models: the field says to type them.
  // Only what was typed or picked is offered: nothing learned from the group.
  await form.getByTestId('form-models').click();
  const shown = page.locator('.n-base-select-option:visible');
  await expect(shown.getByText('o3', { exact: true })).toBeVisible();
  await expect(shown.filter({ hasText: /gpt|claude|deepseek/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await models.locator('.n-tag').first().locator('.n-base-close').click();
  await models.locator('.n-tag').first().locator('.n-base-close').click();
  await expect(models).toContainText('Type model names');
});
