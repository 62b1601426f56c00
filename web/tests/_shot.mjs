import { serve, launch, open } from "./harness.js";
const s = await serve(); const b = await launch();
const { page } = await open(b.context, s.url, process.argv[2]);
await page.setViewportSize({ width: Number(process.argv[4]), height: Number(process.argv[5]) });
await page.screenshot({ path: process.argv[3] });
await b.close(); await s.close();
