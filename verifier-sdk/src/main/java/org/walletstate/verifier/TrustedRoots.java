package org.walletstate.verifier;

import static org.walletstate.verifier.ProofFields.HEX;
import static org.walletstate.verifier.ProofFields.fail;
import static org.walletstate.verifier.ProofFields.parseWord;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.walletstate.verifier.internal.BlockHeaderHash;

/**
 * The state roots a caller trusts, each for one chain and block or for any. A header that did not
 * hash to the block hash the caller trusts is kept as a problem: results at its block are rejected
 * at {@link ProofStep#STATE_ROOT} rather than found without a root.
 */
final class TrustedRoots {

  /** A state root trusted for a chain and block; null chain or block means any. */
  record Trusted(Long chainId, BigInteger blockNumber, byte[] stateRoot, String problem) {}

  /** No trusted root covers a result's chain and block. */
  static final class NoTrustedRoot extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoTrustedRoot(String message) {
      super(message, null, false, false);
    }
  }

  private final List<Trusted> trusted;

  TrustedRoots(List<Trusted> trusted) {
    this.trusted = List.copyOf(trusted);
  }

  /** {@code stateRoot} for {@code blockNumber} on {@code chainId}; nulls mean any. */
  static Trusted stateRoot(Long chainId, BigInteger blockNumber, String stateRoot) {
    return new Trusted(chainId, blockNumber, parseWord(stateRoot, "stateRoot"), null);
  }

  /** The root of a header, trusted only if the header hashes to {@code trustedBlockHash}. */
  static Trusted header(Long chainId, JsonNode header, String trustedBlockHash) {
    byte[] expected = parseWord(trustedBlockHash, "block hash");
    byte[] computed = BlockHeaderHash.of(header);
    BigInteger number = new BigInteger(header.path("number").asText().substring(2), 16);
    byte[] root = parseWord(header.path("stateRoot").asText(), "header stateRoot");
    if (!Arrays.equals(expected, computed)) {
      return new Trusted(
          chainId,
          number,
          null,
          "the header hashes to 0x" + HEX.formatHex(computed) + ", not the trusted block hash");
    }
    return new Trusted(chainId, number, root, null);
  }

  /** The root for a chain and block: one named for the chain first, then one for any chain. */
  byte[] rootOf(long chainId, BigInteger block) {
    for (int pass = 0; pass < 2; pass++) {
      for (Trusted t : trusted) {
        boolean chainMatches = t.chainId() == null ? pass == 1 : t.chainId() == chainId;
        boolean blockMatches = t.blockNumber() == null || t.blockNumber().equals(block);
        if (chainMatches && blockMatches) {
          if (t.problem() != null) {
            throw fail(ProofStep.STATE_ROOT, t.problem());
          }
          return t.stateRoot();
        }
      }
    }
    throw new NoTrustedRoot(
        "no trusted state root for chain " + chainId + " at block 0x" + block.toString(16));
  }
}
