import type { PageContext } from '../main.ts';
export async function orgProjectPage(ctx: PageContext): Promise<void> {
  ctx.main.append(ctx.heading('Project'));
}
