import { MSG } from '@cab/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, loginAs } from '../fixtures.ts';

/** Deleting a finish option that wood species offer: the dialog names them and asks first. */

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

async function api(request: APIRequestContext) {
  const login = await request.post('/api/users/token/', {
    data: { email: DEMO_USERS.ADMIN, password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const categoryOf = async (type: string) => {
    const res = await request.get(`/api/catalog/category/?category_type=${type}&page_size=1`, { headers });
    return ((await res.json()) as { results: { id: number }[] }).results[0]!.id;
  };
  const create = async (kind: string, body: Record<string, unknown>) => {
    const res = await request.post(`/api/catalog/premiums/${kind}/`, { headers, data: body });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number; code: string; finish_options: number[] };
  };
  const get = async (kind: string, id: number) =>
    (await request.get(`/api/catalog/premiums/${kind}/${id}/`, { headers })).json();
  return { categoryOf, create, get };
}

test('deleting a finish option that wood species offer names them and asks before removing it', async ({
  page,
  request,
}) => {
  const { categoryOf, create, get } = await api(request);
  const finishCategory = await categoryOf('FINISH_OPTION');
  const woodCategory = await categoryOf('WOOD_SPECIES');
  const code = unique('FO');
  const finish = await create('finish_option', { code, categories: [finishCategory], export_name: code.toLowerCase() });
  const woods = [];
  for (const prefix of ['WA', 'WB']) {
    const woodCode = unique(prefix);
    woods.push(
      await create('wood_species', {
        code: woodCode,
        categories: [woodCategory],
        export_name: woodCode.toLowerCase(),
        finish_options: [finish.id],
      }),
    );
  }

  await loginAs(page, 'ADMIN', '/catalog/premiums/finish_options');
  const list = page.getByTestId('premium-list-finish_option');
  await page.getByTestId('filter-code').fill(code);
  const row = list.getByTestId(`row-${code}`);
  await expect(row).toBeVisible();

  // First Yes: the server answers what uses it; the dialog says so instead of unlinking silently.
  await list.getByTestId(`delete-${code}`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.getByRole('button', { name: MSG.deleteYes }).click();
  const question = MSG.finishOptionInUse(code, woods.map((w) => w.code).sort());
  await expect(confirm).toContainText(question);
  await expect(confirm).toContainText(MSG.deleteConfirm(code));
  // No error popup: the answer is a question, shown in the dialog.
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // Cancel keeps everything.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  expect((await get('wood_species', woods[0]!.id)).finish_options).toEqual([finish.id]);

  // Asked again and agreed: removed from the wood species and deleted.
  await list.getByTestId(`delete-${code}`).click();
  await expect(confirm).toContainText(MSG.deleteIrreversible);
  await confirm.getByRole('button', { name: MSG.deleteYes }).click();
  await expect(confirm).toContainText(question);
  await confirm.getByRole('button', { name: MSG.deleteAnyway }).click();
  await expect(page.getByText(MSG.deleted(code))).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await get('wood_species', woods[0]!.id)).finish_options).toEqual([]);
  expect((await get('wood_species', woods[1]!.id)).finish_options).toEqual([]);
});
