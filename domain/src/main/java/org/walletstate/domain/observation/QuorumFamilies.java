package org.walletstate.domain.observation;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.chain.ChainFamily;

/**
 * The families whose chains the chain layer reads a quorum on: the one list every feature that
 * takes {@code "assurance": "quorum"} (attest, trust profiles, discounts) refuses the option by. A
 * family added here is accepted by all of them at once, and named in their refusals.
 */
public final class QuorumFamilies {

  /**
   * The families read with a quorum when a request asks: every one there is. A family added to
   * {@link ChainFamily} is refused until its reader has quorum reads and it is listed here.
   */
  public static final Set<ChainFamily> READ =
      Collections.unmodifiableSet(
          EnumSet.of(
              ChainFamily.EVM,
              ChainFamily.SOLANA,
              ChainFamily.XRPL,
              ChainFamily.BITCOIN,
              ChainFamily.TRON,
              ChainFamily.STELLAR,
              ChainFamily.SUI));

  /** How a refusal writes a family. */
  private static final Map<ChainFamily, String> NAMES = new EnumMap<>(ChainFamily.class);

  static {
    NAMES.put(ChainFamily.EVM, "EVM");
    NAMES.put(ChainFamily.SOLANA, "Solana");
    NAMES.put(ChainFamily.XRPL, "XRPL");
    NAMES.put(ChainFamily.BITCOIN, "Bitcoin");
    NAMES.put(ChainFamily.TRON, "Tron");
    NAMES.put(ChainFamily.STELLAR, "Stellar");
    NAMES.put(ChainFamily.SUI, "Sui");
  }

  private QuorumFamilies() {}

  /** Whether chains of {@code family} are read with a quorum. */
  public static boolean reads(ChainFamily family) {
    return READ.contains(family);
  }

  /**
   * The families read, as a refusal names them: {@code "EVM, Solana, XRPL, Bitcoin, Tron, Stellar
   * and Sui chains"}, in the order of {@link ChainFamily}.
   */
  public static String text() {
    List<String> names = READ.stream().map(f -> NAMES.getOrDefault(f, f.name())).toList();
    String last = names.get(names.size() - 1);
    String list =
        names.size() == 1
            ? last
            : String.join(", ", names.subList(0, names.size() - 1)) + " and " + last;
    return list + " chains";
  }

  /**
   * Refuses a quorum on {@code family} unless its chains are read with one.
   *
   * @param chain the refused chain or family as the refusal names it
   * @param where where the request asked for it
   * @throws org.walletstate.domain.ValidationException when {@code family} is not read with a
   *     quorum
   */
  public static void require(ChainFamily family, String chain, String where) {
    if (!reads(family)) {
      throw Assurance.notOnFamily(chain, where, text());
    }
  }
}
