package org.walletstate.domain.chain;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Digits;
import org.walletstate.domain.request.RequestValue;

/**
 * Every chain the service knows: the 31 EVM chains and six others it reads, and the two retired ids
 * it refuses by name. The facts (names, native assets, proof support) are sourced in {@code
 * docs/chains.md}.
 */
public final class ChainCatalogue {

  // A table of decline reasons by design, one constant per chain.
  private static final String NO_MPT_ZKSYNC =
      "ZKsync Era has no eth_getProof; its state is a sparse Merkle tree proven per L1 batch";
  private static final String NO_MPT_SEI =
      "Sei answers eth_getProof with IAVL proofs, which are not Merkle-Patricia proofs";
  private static final String NO_MPT_BLAST =
      "Blast accounts have a seven-field leaf, so a standard account proof cannot be checked";
  private static final String NO_MPT_LINEA =
      "Linea's finalized state is a sparse Merkle tree (linea_getProof), not a Merkle-Patricia"
          + " trie";

  /**
   * The EVM chains whose nodes serve the {@code safe} and {@code finalized} block tags: Ethereum
   * and Gnosis (proof-of-stake beacon chains since their merges) and the chains the reference data
   * names as OP Stack (their op-geth/op-reth nodes derive both tags from L1). Every other chain
   * answers such a request with a 400 until a source shows its nodes serve the tags; see {@code
   * docs/chains.md}.
   */
  private static final Set<Long> TAGGED_BLOCKS =
      Set.of(1L, 100L, 10L, 8453L, 1868L, 5000L, 42220L, 204L, 480L, 130L, 57073L);

  private static final Map<ChainId, Chain> CHAINS;
  private static final Map<Long, String> RETIRED = Map.of(1284L, "Moonbeam", 1285L, "Moonriver");

  static {
    Map<ChainId, Chain> m = new LinkedHashMap<>();
    // EVM chains, in the order of the interface's chain table.
    evm(m, 1, "Ethereum", "ETH", true, null);
    evm(m, 56, "BNB Smart Chain", "BNB", true, null);
    evm(m, 8453, "Base", "ETH", true, null);
    evm(m, 43114, "Avalanche C-Chain", "AVAX", true, null);
    evm(m, 137, "Polygon", "POL", true, null);
    evm(m, 42161, "Arbitrum One", "ETH", true, null);
    evm(m, 10, "OP Mainnet", "ETH", true, null);
    evm(m, 88888, "Chiliz Chain", "CHZ", false, null);
    evm(m, 1868, "Soneium", "ETH", false, null);
    evm(m, 98866, "Plume", "PLUME", false, null);
    evm(m, 146, "Sonic", "S", false, null);
    evm(m, 100, "Gnosis", "XDAI", false, null);
    evm(m, 5000, "Mantle", "MNT", false, null);
    evm(m, 534352, "Scroll", "ETH", false, null);
    evm(m, 59144, "Linea", "ETH", false, NO_MPT_LINEA);
    evm(m, 324, "ZKsync Era", "ETH", false, NO_MPT_ZKSYNC);
    evm(m, 81457, "Blast", "ETH", false, NO_MPT_BLAST);
    evm(m, 167000, "Taiko Alethia", "ETH", false, null);
    evm(m, 2020, "Ronin", "RON", false, null);
    evm(m, 42220, "Celo", "CELO", false, null);
    evm(m, 88, "Viction", "VIC", false, null);
    evm(m, 204, "opBNB", "BNB", false, null);
    evm(m, 480, "World Chain", "ETH", false, null);
    evm(m, 130, "Unichain", "ETH", false, null);
    evm(m, 57073, "Ink", "ETH", false, null);
    evm(m, 1329, "Sei", "SEI", false, NO_MPT_SEI);
    evm(m, 80094, "Berachain", "BERA", false, null);
    evm(m, 33139, "ApeChain", "APE", false, null);
    evm(m, 50, "XDC Network", "XDC", false, null);
    evm(m, 4663, "Robinhood Chain", "ETH", false, null);
    evm(m, 5042, "Arc", "USDC", false, null);
    // The others: fixed words on the wire.
    other(m, "solana", "Solana", ChainFamily.SOLANA, "SOL", 9, true, true);
    other(m, "xrpl", "XRP Ledger", ChainFamily.XRPL, "XRP", 6, true, false);
    other(m, "bitcoin", "Bitcoin", ChainFamily.BITCOIN, "BTC", 8, false, true);
    other(m, "tron", "Tron", ChainFamily.TRON, "TRX", 6, false, true);
    other(m, "stellar", "Stellar", ChainFamily.STELLAR, "XLM", 7, false, false);
    other(m, "sui", "Sui", ChainFamily.SUI, "SUI", 9, false, false);
    CHAINS = Collections.unmodifiableMap(m);
  }

  private ChainCatalogue() {}

  private static void evm(
      Map<ChainId, Chain> m,
      long id,
      String name,
      String symbol,
      boolean payment,
      String noProofReason) {
    ChainId chainId = ChainId.evm(id);
    ProofSupport proofs =
        noProofReason == null ? ProofSupport.STANDARD : ProofSupport.declined(noProofReason);
    m.put(
        chainId,
        new Chain(
            chainId,
            name,
            ChainFamily.EVM,
            new NativeCurrency(symbol, 18),
            true,
            payment,
            proofs,
            TAGGED_BLOCKS.contains(id)
                ? EnumSet.allOf(AnchorTag.class)
                : Set.of(AnchorTag.LATEST)));
  }

  private static void other(
      Map<ChainId, Chain> m,
      String word,
      String name,
      ChainFamily family,
      String symbol,
      int decimals,
      boolean merchantConfiguration,
      boolean payment) {
    ChainId chainId = ChainId.named(word);
    m.put(
        chainId,
        new Chain(
            chainId,
            name,
            family,
            new NativeCurrency(symbol, decimals),
            merchantConfiguration,
            payment,
            ProofSupport.declined(name + " state is not held in an Ethereum Merkle-Patricia trie"),
            Set.of(AnchorTag.LATEST)));
  }

  /** All supported chains: EVM first in the interface's order, then the others. */
  public static Collection<Chain> all() {
    return CHAINS.values();
  }

  public static List<Chain> evmChains() {
    return CHAINS.values().stream().filter(Chain::isEvm).toList();
  }

  public static Optional<Chain> find(ChainId id) {
    return Optional.ofNullable(CHAINS.get(id));
  }

  /** The chain with that id; the id must be one this catalogue produced. */
  public static Chain require(ChainId id) {
    Chain chain = CHAINS.get(id);
    if (chain == null) {
      throw new IllegalArgumentException("not a supported chain: " + id);
    }
    return chain;
  }

  /** Digits of the longest decimal chain id read as a number (every EVM id fits in a long). */
  private static final int MAX_ID_DIGITS = 18;

  /**
   * Reads a chain id as the interface allows it on the wire: a JSON integer, or a string holding
   * either a decimal EVM id or one of the six chain words.
   *
   * @param raw the value sent
   * @param field the name of the field in messages, e.g. {@code conditions[2].chainId}
   * @return a supported chain
   * @throws ValidationException naming the field and value when it is none
   */
  public static Chain parse(RequestValue raw, String field) {
    if (raw instanceof RequestValue.Number n) {
      return byEvmNumber(n.value(), n.literal(), field);
    }
    if (raw instanceof RequestValue.Text t) {
      String s = t.value().trim();
      if (Digits.allAscii(s)) {
        String digits = Digits.withoutLeadingZeros(s);
        if (digits.length() > MAX_ID_DIGITS) {
          // No chain id is this long; reading the digits as a number would cost time that grows
          // with the square of their count, and a body may carry a hundred thousand of them.
          throw new ValidationException(
              field
                  + " \""
                  + s.substring(0, MAX_ID_DIGITS)
                  + "…\" ("
                  + s.length()
                  + " digits) is not a supported chain");
        }
        return byEvmNumber(new BigDecimal(digits), '"' + t.value() + '"', field);
      }
      Chain chain = s.isEmpty() ? null : CHAINS.get(ChainId.named(s));
      if (chain == null || chain.isEvm()) {
        throw new ValidationException(
            field
                + " \""
                + t.value()
                + "\" is not a supported chain; use an EVM chain id or one of solana, xrpl,"
                + " bitcoin, tron, stellar, sui");
      }
      return chain;
    }
    if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    }
    throw new ValidationException(
        field + " must be an integer chain id or a chain name, not " + raw.kind());
  }

  private static Chain byEvmNumber(BigDecimal value, String literal, String field) {
    long id;
    try {
      id = value.longValueExact();
    } catch (ArithmeticException e) {
      throw new ValidationException(field + " " + literal + " is not an integer chain id");
    }
    String retired = RETIRED.get(id);
    if (retired != null) {
      throw new ValidationException(
          field + " " + id + " (" + retired + ") is retired and no longer supported");
    }
    Chain chain = id > 0 ? CHAINS.get(ChainId.evm(id)) : null;
    if (chain == null) {
      throw new ValidationException(field + " " + literal + " is not a supported chain");
    }
    return chain;
  }
}
