import type { PageContext } from '../main.ts';
export async function verifyPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('Verify'));
}
