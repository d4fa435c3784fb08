package org.walletstate.adapters.http.domaincheck;

import java.util.Iterator;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

/**
 * Where a token may be published on a web site, read as the browser would: the meta tag with an
 * HTML parser (jsoup), the file line by line. Both run in time linear in their input, and the input
 * is already bounded by the fetch; callers run them off the event loops.
 */
final class VerificationMarkup {

  /** Elements nested deeper than this are not built (the parser closes them). */
  static final int MAX_DEPTH = 128;

  private VerificationMarkup() {}

  /**
   * True when the page's head holds {@code <meta name="service-verification" content="token">}
   * (names in any case, attributes in any order and quoting). Parsing stops at the end of the head:
   * a meta tag after it is not looked at, and neither is the rest of the page.
   */
  static boolean metaShows(String html, String token) {
    Parser parser = Parser.htmlParser().setMaxDepth(MAX_DEPTH);
    try (StreamParser stream = new StreamParser(parser).parse(html, "")) {
      Iterator<Element> elements = stream.iterator();
      while (elements.hasNext()) {
        Element e = elements.next();
        if (e.nameIs("meta")
            && VertxDomainProbe.META_NAME.equalsIgnoreCase(e.attr("name").strip())
            && e.attr("content").strip().equals(token)) {
          return true;
        }
        if (e.nameIs("head") || e.nameIs("body")) {
          return false;
        }
      }
      return false;
    }
  }

  /** True when a line of the file is the token. */
  static boolean fileHolds(String body, String token) {
    return body.lines().anyMatch(line -> line.strip().equals(token));
  }
}
