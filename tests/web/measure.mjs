// Measuring a page as a person sees it: which elements are on the first screen (inside the
// viewport with the page scrolled to the top), and whether a box is clipped by its container.
import assert from 'node:assert/strict';

/// The page scrolled to the top, then each selector's first element's box in viewport pixels
/// (null for a selector that matches nothing). Read in one evaluation, so in one layout.
export function firstScreenBoxes(page, selectors) {
  return page.evaluate((list) => {
    window.scrollTo(0, 0);
    return Object.fromEntries(
      list.map((s) => {
        const el = document.querySelector(s);
        if (!el) return [s, null];
        const { top, left, bottom, right, width, height } = el.getBoundingClientRect();
        return [s, { top, left, bottom, right, width, height }];
      }),
    );
  }, selectors);
}

/// Asserts that every selector's element is drawn and wholly inside the viewport at the top of
/// the page (half a pixel of rounding allowed).
export async function assertOnFirstScreen(page, viewport, selectors, what = '') {
  const boxes = await firstScreenBoxes(page, selectors);
  for (const s of selectors) {
    const b = boxes[s];
    assert.ok(b, `${what}: ${s} is on the page`);
    assert.ok(b.width > 0 && b.height > 0, `${what}: ${s} is drawn`);
    const inside = b.top >= -0.5 && b.left >= -0.5 && b.bottom <= viewport.height + 0.5 && b.right <= viewport.width + 0.5;
    assert.ok(inside, `${what}: ${s} (${JSON.stringify(b)}) is on the first screen of ${viewport.width}x${viewport.height}`);
  }
  return boxes;
}

/// Asserts that the page itself does not scroll sideways (nothing sticks out to the right).
export async function assertNoSidewaysScroll(page, what = '') {
  const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scrollWidth <= width, `${what}: the page is ${scrollWidth} px wide in a ${width} px window`);
}

/// Asserts that the element of `selector` does not scroll sideways: its content fits its box.
export async function assertFitsSideways(page, selector, what = '') {
  const [scrollWidth, clientWidth] = await page.locator(selector).evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(scrollWidth <= clientWidth, `${what}: ${selector} needs ${scrollWidth} px in ${clientWidth} px`);
}
