package org.walletstate.adapters.http.domaincheck;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The loopback addresses a test setting lets through the address policy (the devnet's receivers on
 * 127.0.0.1); production leaves the setting unset, so the set is empty.
 */
public final class LoopbackAllowance {

  private LoopbackAllowance() {}

  /**
   * @param texts the addresses as configured
   * @param property the setting's name, for the start-up refusal
   * @throws IllegalArgumentException for a text that is not an address or not a loopback one
   */
  public static Set<InetAddress> of(List<String> texts, String property) {
    Set<InetAddress> loopback = new HashSet<>();
    for (String text : texts) {
      try {
        InetAddress address = InetAddress.getByName(text.strip());
        if (!address.isLoopbackAddress()) {
          throw new IllegalArgumentException(
              property + " takes loopback addresses only, not " + text);
        }
        loopback.add(address);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("not an address: " + text, e);
      }
    }
    return loopback;
  }
}
