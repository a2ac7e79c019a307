import type { PageContext } from '../main.ts';
export async function orgProjectsPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('Organization projects'));
}
