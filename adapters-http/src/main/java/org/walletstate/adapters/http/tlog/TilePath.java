package org.walletstate.adapters.http.tlog;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.domain.tlog.Tile;

/**
 * A tile's path as C2SP {@code tlog-tiles} writes it: {@code <L>/<N>[.p/<W>]} for a tile of hashes,
 * {@code <N>[.p/<W>]} for an entry bundle. {@code <L>} is 0 to 63 and {@code <W>} 1 to 255, in
 * decimal without leading zeros; {@code <N>} is the index in groups of three digits, every group
 * but the last prefixed with {@code x} ({@code x001/x234/067} is 1234067). Only one path names a
 * tile: a leading group of zeros ({@code x000/005}) is refused. Anything else is a 400 that says
 * which part is wrong.
 */
final class TilePath {

  static final String FORM = "tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>]";

  private static final Pattern LEVEL = Pattern.compile("0|[1-9][0-9]?");
  private static final Pattern INDEX =
      Pattern.compile("((?:x[0-9]{3}/){0,5})([0-9]{3})(?:\\.p/(0|[1-9][0-9]{0,2}))?");

  private TilePath() {}

  /** A tile of hashes: {@code <L>/<N>[.p/<W>]}. */
  static Tile tile(String path) {
    int slash = path.indexOf('/');
    String level = slash < 0 ? path : path.substring(0, slash);
    if (slash < 0 || !LEVEL.matcher(level).matches() || Integer.parseInt(level) > Tile.MAX_LEVEL) {
      throw refused("the level <L> must be 0 to 63 in decimal without leading zeros");
    }
    return index(Integer.parseInt(level), path.substring(slash + 1));
  }

  /** The level-0 tile of an entry bundle: {@code <N>[.p/<W>]}. */
  static Tile bundle(String path) {
    return index(0, path);
  }

  private static Tile index(int level, String path) {
    Matcher m = INDEX.matcher(path);
    if (!m.matches()) {
      throw refused(
          "the index <N> must be groups of three digits, all but the last prefixed with x"
              + " (x001/x234/067), optionally followed by .p/<W>");
    }
    String digits = m.group(1).replace("x", "").replace("/", "") + m.group(2);
    if (!m.group(1).isEmpty() && m.group(1).startsWith("x000")) {
      throw refused("the index <N> must not start with a group of zeros");
    }
    long index = Long.parseLong(digits);
    int width = Tile.WIDTH;
    if (m.group(3) != null) {
      width = Integer.parseInt(m.group(3));
      if (width < 1 || width >= Tile.WIDTH) {
        throw refused("the width <W> of a partial tile must be 1 to 255");
      }
    }
    return new Tile(level, index, width);
  }

  private static ApiError refused(String why) {
    return ApiError.badRequest("not a tile path (" + FORM + "): " + why);
  }
}
