// The guide's screenshot (docs/web.png): node web/tests/screenshot.mjs [QUERY] [OUT] [W] [H]
// (after web/build; headless Chromium as in the tests). A hand with a
// discard table also shows its win chances (the EV button pressed).
import { serve, launch, open } from "./harness.js";

const [query = "?q=2334m5678p1356s2z2z&rules=riichi", out = "docs/web.png", w = "860", h = "800"] =
  process.argv.slice(2);
const server = await serve();
const browser = await launch();
const { page } = await open(browser.context, server.url, query);
await page.setViewportSize({ width: Number(w), height: Number(h) });
await page.reload();
await page.waitForFunction(() => window.hupaiStats?.firstAnswerMs !== null);
if (await page.isVisible("#ev-button")) await page.click("#ev-button");
await page.screenshot({ path: out, fullPage: true });
await browser.close();
await server.close();
