package org.walletstate.verifier.tlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The proof checks against the RFC 6962 / 9162 reference vectors (transparency-dev/merkle's
 * testonly/constants.go, as data) and against proofs made here by the RFC's recursive PATH and
 * PROOF definitions; a tampered leaf, proof or root, and a rewritten history, are rejected.
 */
class LogProofsTest {

  private static final HexFormat HEX = HexFormat.of();

  private static final List<byte[]> LEAVES =
      List.of(
              "",
              "00",
              "10",
              "2021",
              "3031",
              "40414243",
              "5051525354555657",
              "606162636465666768696a6b6c6d6e6f")
          .stream()
          .map(h -> LogProofs.leafHash(HEX.parseHex(h)))
          .toList();

  private static final String ROOT2 =
      "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125";
  private static final String ROOT5 =
      "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4";
  private static final String ROOT6 =
      "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef";
  private static final String ROOT8 =
      "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328";

  private static List<byte[]> hashes(String... hex) {
    return List.of(hex).stream().map(HEX::parseHex).toList();
  }

  @Test
  void referenceInclusionProofsVerify() {
    assertThat(
            LogProofs.inclusion(
                5,
                8,
                LEAVES.get(5),
                hashes(
                    "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                    "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"),
                HEX.parseHex(ROOT8)))
        .isTrue();
    List<byte[]> proof0 =
        hashes(
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
    assertThat(LogProofs.inclusion(0, 8, LEAVES.get(0), proof0, HEX.parseHex(ROOT8))).isTrue();
    // a tampered entry: another leaf at the same place
    assertThat(LogProofs.inclusion(0, 8, LEAVES.get(1), proof0, HEX.parseHex(ROOT8))).isFalse();
    assertThat(LogProofs.inclusion(1, 8, LEAVES.get(0), proof0, HEX.parseHex(ROOT8))).isFalse();
  }

  @Test
  void referenceConsistencyProofsVerify() {
    assertThat(
            LogProofs.consistency(
                2,
                8,
                HEX.parseHex(ROOT2),
                HEX.parseHex(ROOT8),
                hashes(
                    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                    "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4")))
        .isTrue();
    List<byte[]> six =
        hashes(
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
    assertThat(LogProofs.consistency(6, 8, HEX.parseHex(ROOT6), HEX.parseHex(ROOT8), six)).isTrue();
    // a rewritten history: the size-6 root the log showed before is not the one it extends
    assertThat(LogProofs.consistency(6, 8, HEX.parseHex(ROOT5), HEX.parseHex(ROOT8), six))
        .isFalse();
  }

  /** RFC 9162 PATH(m, D[n]). */
  static void path(int m, List<byte[]> d, List<byte[]> out) {
    if (d.size() <= 1) {
      return;
    }
    int k = Integer.highestOneBit(d.size() - 1);
    if (m < k) {
      path(m, d.subList(0, k), out);
      out.add(mth(d.subList(k, d.size())));
    } else {
      path(m - k, d.subList(k, d.size()), out);
      out.add(mth(d.subList(0, k)));
    }
  }

  /** RFC 9162 SUBPROOF(m, D[n], b). */
  static void subproof(int m, List<byte[]> d, boolean b, List<byte[]> out) {
    if (m == d.size()) {
      if (!b) {
        out.add(mth(d));
      }
      return;
    }
    int k = Integer.highestOneBit(d.size() - 1);
    if (m <= k) {
      subproof(m, d.subList(0, k), b, out);
      out.add(mth(d.subList(k, d.size())));
    } else {
      subproof(m - k, d.subList(k, d.size()), false, out);
      out.add(mth(d.subList(0, k)));
    }
  }

  static byte[] mth(List<byte[]> d) {
    if (d.size() == 1) {
      return d.get(0);
    }
    int k = Integer.highestOneBit(d.size() - 1);
    return LogProofs.nodeHash(mth(d.subList(0, k)), mth(d.subList(k, d.size())));
  }

  @Test
  void everyProofOfTheRecursiveDefinitionVerifiesAndNoTamperedOneDoes() {
    List<byte[]> leaves = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      leaves.add(LogProofs.leafHash(new byte[] {(byte) i}));
    }
    for (int n = 1; n <= leaves.size(); n++) {
      byte[] root = mth(leaves.subList(0, n));
      for (int m = 0; m < n; m++) {
        List<byte[]> proof = new ArrayList<>();
        path(m, leaves.subList(0, n), proof);
        assertThat(LogProofs.inclusion(m, n, leaves.get(m), proof, root)).isTrue();
        if (!proof.isEmpty()) {
          List<byte[]> bent = new ArrayList<>(proof);
          byte[] first = bent.get(0).clone();
          first[0] ^= 1;
          bent.set(0, first);
          assertThat(LogProofs.inclusion(m, n, leaves.get(m), bent, root)).isFalse();
          assertThat(LogProofs.inclusion(m, n, leaves.get(m), proof.subList(1, proof.size()), root))
              .isFalse();
        }
        int from = m + 1;
        List<byte[]> consistency = new ArrayList<>();
        if (from < n) {
          subproof(from, leaves.subList(0, n), true, consistency);
        }
        byte[] fromRoot = mth(leaves.subList(0, from));
        assertThat(LogProofs.consistency(from, n, fromRoot, root, consistency)).isTrue();
        if (from < n) {
          byte[] forked = fromRoot.clone();
          forked[5] ^= 1;
          assertThat(LogProofs.consistency(from, n, forked, root, consistency)).isFalse();
        }
      }
    }
  }
}
