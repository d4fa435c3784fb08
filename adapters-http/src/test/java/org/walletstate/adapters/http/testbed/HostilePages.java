package org.walletstate.adapters.http.testbed;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Home pages built to make a naive parser work quadratically or recurse without end, each served by
 * a host of {@link DomainWorld}: one meta tag of 256 KiB, 100,000 unclosed {@code <meta}, and
 * 100,000 nested elements after a head that does hold the token.
 */
public final class HostilePages {

  private HostilePages() {}

  /** The pages by host; only {@code nested.shop.test} shows {@code token}. */
  public static Map<String, String> all(String token) {
    Map<String, String> pages = new LinkedHashMap<>();
    String open = "<html><head><meta ";
    pages.put("long-meta.shop.test", open + "a".repeat(256 * 1024 - open.length() - 1) + ">");
    pages.put("unclosed.shop.test", "<meta".repeat(100_000));
    pages.put(
        "nested.shop.test",
        "<html><head><meta name=\"service-verification\" content=\""
            + token
            + "\"></head><body>"
            + "<div><span>".repeat(50_000));
    return pages;
  }
}
