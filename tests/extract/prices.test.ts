// What a price looks like (prices.ts): each rule's pattern, with the ways they differ pinned, so a
// change to one is a choice and not an accident.
import { describe, expect, test } from "bun:test";
import { countPrices, hasCardPrice, hasShopPrice, isPriceOnly, SIGNED_AMOUNT } from "../../src/extract/prices.ts";

describe("prices.ts", () => {
  test("isPriceOnly: a whole amount and nothing else", () => {
    for (const price of ["$1,999.95", "$5", "19,99 €", "349 kr", "12 CHF", "£ 30"]) expect(isPriceOnly(price)).toBe(true);
    for (const text of ["From $5", "$5 off", "Price", "19,99", "5 CHFX"]) expect(isPriceOnly(text)).toBe(false);
  });

  test("hasCardPrice: a price anywhere in a card's text; a code after the amount must end its word", () => {
    expect(hasCardPrice("Brass Desk Lamp $29.00")).toBe(true);
    expect(hasCardPrice("Oak Lamp 19,99 € incl. VAT")).toBe(true);
    expect(hasCardPrice("Linen lamp 45 CHF")).toBe(true);
    expect(hasCardPrice("Linen lamp 45 USDT")).toBe(false);
    expect(hasCardPrice("Read the story, 5 minutes")).toBe(false);
  });

  test("countPrices: every price in a text; the listing's codes need not end their word and the franc is not read", () => {
    expect(countPrices("Lamp $29.00, Chair 19,99 €, Rug 120 kr")).toBe(3);
    expect(countPrices("45 USDT")).toBe(1);
    expect(countPrices("45 CHF")).toBe(0);
    expect(countPrices("Posted 5 minutes ago, 12 comments")).toBe(0);
  });

  test("hasShopPrice: more currencies, codes before the amount and digits grouped by spaces", () => {
    for (const text of ["EUR 163.12", "Rs.499", "1 299 kr", "₩12,000", "450 ₽"]) expect(hasShopPrice(text)).toBe(true);
    for (const text of ["EUR 163.12", "Rs.499", "1 299 kr", "₩12,000"]) expect(hasCardPrice(text)).toBe(text === "1 299 kr");
    expect(hasShopPrice("Ships in 3 days")).toBe(false);
  });

  test("SIGNED_AMOUNT: a currency sign beside a digit, to put in a larger pattern", () => {
    const signed = new RegExp(SIGNED_AMOUNT, "i");
    expect(signed.test("orders over £30")).toBe(true);
    expect(signed.test("orders 50€ and up")).toBe(true);
    expect(signed.test("orders over 30 pounds")).toBe(false);
  });
});
