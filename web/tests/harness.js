// Test harness: a static server for web/dist that records every request,
// headless Debian Chromium driven by playwright-core, and the CLI oracle
// (target/release/hupai).

import { createServer } from "node:http";
import { readFile, mkdtemp, rm } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
const dist = join(root, "web", "dist");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml" };

/** Serve web/dist on a free port; `requests` lists every path asked. */
export async function serve() {
  const requests = [];
  const server = createServer(async (req, res) => {
    requests.push(req.url);
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const file = join(dist, path.endsWith("/") ? path + "index.html" : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, requests, close: () => new Promise((ok) => server.close(ok)) };
}

/** Headless Chromium (Debian's), a fresh profile; `close()` removes it. */
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), "hupai-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** Open the page at `query` (e.g. "?q=...&rules=mcr"); collect console messages. */
export async function open(context, url, query = "") {
  const page = context.pages()[0] || (await context.newPage());
  const messages = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(url + query);
  await page.waitForFunction(() => window.hupaiStats && window.hupaiStats.firstAnswerMs !== null);
  return { page, messages };
}

/** `hupai <command> --json --rules <rules>` on many hands (stdin batch):
 * one object per hand, `{error}` for a bad one (the exit code is then 1). */
export function cli(command, rules, hands, extra = []) {
  const bin = join(root, "target", "release", "hupai");
  const run = spawnSync(bin, [command, "--json", "--rules", rules, ...extra],
    { input: hands.join("\n") + "\n", encoding: "utf8" });
  const lines = run.stdout.trim().split("\n");
  if (lines.length !== hands.length) throw new Error(`hupai ${command}: ${run.stderr || run.error}`);
  return lines.map((l) => JSON.parse(l));
}
