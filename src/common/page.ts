// The envelope of every paged list reply: one page of items, the total and where the page is.
import { z } from 'zod';

export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}
