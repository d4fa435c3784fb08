package org.walletstate.adapters.http.ratelimit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Who the client is, for rate limits: the peer's address, or — when the peer is a trusted proxy —
 * the address its {@code X-Forwarded-For} names, read from the right and skipping trusted proxies
 * (so a client cannot choose its own address by sending the header). IPv6 clients count per /64,
 * the block one subscriber usually holds.
 */
public final class ClientAddresses {

  /** An address block in CIDR notation. */
  record Block(byte[] network, int bits) {
    static Block parse(String cidr) {
      String text = cidr.trim();
      int slash = text.indexOf('/');
      byte[] address = literal(slash < 0 ? text : text.substring(0, slash));
      if (address == null) {
        throw new IllegalArgumentException("not an IP address block: " + cidr);
      }
      int bits = slash < 0 ? address.length * 8 : Integer.parseInt(text.substring(slash + 1));
      if (bits < 0 || bits > address.length * 8) {
        throw new IllegalArgumentException("not an IP address block: " + cidr);
      }
      return new Block(address, bits);
    }

    boolean contains(byte[] address) {
      if (address.length != network.length) {
        return false;
      }
      for (int i = 0; i < bits; i++) {
        int mask = 0x80 >>> (i % 8);
        if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
          return false;
        }
      }
      return true;
    }
  }

  private final List<Block> trusted;

  /**
   * @param trustedProxies CIDR blocks of the proxies whose {@code X-Forwarded-For} is believed
   */
  public ClientAddresses(List<String> trustedProxies) {
    List<Block> blocks = new ArrayList<>();
    for (String cidr : trustedProxies) {
      if (!cidr.isBlank()) {
        blocks.add(Block.parse(cidr));
      }
    }
    this.trusted = List.copyOf(blocks);
  }

  /**
   * The client's address as the limit counts it.
   *
   * @param peer the address the connection comes from
   * @param forwardedFor every {@code X-Forwarded-For} header value, in order
   */
  public String client(String peer, List<String> forwardedFor) {
    byte[] current = literal(peer);
    if (current == null) {
      return "unknown";
    }
    if (isTrusted(current)) {
      List<String> hops = new ArrayList<>();
      for (String header : forwardedFor) {
        for (String hop : header.split(",")) {
          if (!hop.isBlank()) {
            hops.add(hop.trim());
          }
        }
      }
      for (int i = hops.size() - 1; i >= 0; i--) {
        byte[] hop = literal(hops.get(i));
        if (hop == null) {
          break; // a malformed entry: trust nothing further left
        }
        current = hop;
        if (!isTrusted(hop)) {
          break;
        }
      }
    }
    return key(current);
  }

  private boolean isTrusted(byte[] address) {
    return trusted.stream().anyMatch(b -> b.contains(address));
  }

  private static String key(byte[] address) {
    try {
      if (address.length == 16) {
        byte[] prefix = new byte[16];
        System.arraycopy(address, 0, prefix, 0, 8);
        return InetAddress.getByAddress(prefix).getHostAddress() + "/64";
      }
      return InetAddress.getByAddress(address).getHostAddress();
    } catch (UnknownHostException e) {
      return "unknown";
    }
  }

  /** The bytes of an IP literal, or null when {@code text} is not one (never a DNS lookup). */
  static byte[] literal(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.startsWith("[") && t.contains("]")) {
      t = t.substring(1, t.indexOf(']'));
    } else if (t.indexOf(':') >= 0 && t.indexOf(':') == t.lastIndexOf(':') && t.contains(".")) {
      t = t.substring(0, t.indexOf(':')); // IPv4 with a port
    }
    int zone = t.indexOf('%');
    if (zone >= 0) {
      t = t.substring(0, zone);
    }
    boolean v4 = t.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    boolean v6 = !v4 && t.matches("[0-9a-f:.]+") && t.contains(":");
    if (!v4 && !v6) {
      return null;
    }
    if (v4) {
      for (String octet : t.split("\\.")) {
        if (Integer.parseInt(octet) > 255) {
          return null;
        }
      }
    }
    try {
      byte[] bytes = InetAddress.getByName(t).getAddress();
      if (bytes.length == 16 && isV4Mapped(bytes)) {
        byte[] v4bytes = new byte[4];
        System.arraycopy(bytes, 12, v4bytes, 0, 4);
        return v4bytes;
      }
      return bytes;
    } catch (UnknownHostException e) {
      return null;
    }
  }

  private static boolean isV4Mapped(byte[] b) {
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
  }
}
