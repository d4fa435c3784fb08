package org.walletstate.domain.tlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The tree against the RFC 6962 / RFC 9162 reference vectors (the leaves, roots and proofs that
 * transparency-dev/merkle publishes in testonly/constants.go, used as data), and against the RFC's
 * recursive definition of MTH for every size up to 70 and every way of splitting the appends into
 * batches.
 */
class TreeProofsTest {

  private static final HexFormat HEX = HexFormat.of();

  static final List<byte[]> LEAVES =
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
          .map(HEX::parseHex)
          .toList();

  static final List<String> ROOTS =
      List.of(
          "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
          "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
          "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
          "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
          "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
          "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
          "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
          "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");

  /** The tree built one leaf per batch: every node it ever stored. */
  private static Map<TreeNode, byte[]> build(List<byte[]> leafHashes, List<String> roots) {
    Map<TreeNode, byte[]> stored = new HashMap<>();
    long size = 0;
    for (byte[] leaf : leafHashes) {
      Map<TreeNode, byte[]> edge = new HashMap<>();
      for (TreeNode node : TreeAppend.edge(size)) {
        edge.put(node, stored.get(node));
      }
      TreeAppend.Appended appended = TreeAppend.append(size, edge, List.of(leaf));
      stored.putAll(appended.nodes());
      size = appended.size();
      if (roots != null) {
        roots.add(HEX.formatHex(appended.root()));
      }
    }
    return stored;
  }

  private static List<byte[]> leafHashes(List<byte[]> data) {
    return data.stream().map(TreeHashes::leafHash).toList();
  }

  private static List<String> hex(List<byte[]> hashes) {
    return hashes.stream().map(HEX::formatHex).toList();
  }

  @Test
  void theEmptyTreeAndTheRootsOfEverySizeAreTheReferenceValues() {
    assertThat(HEX.formatHex(TreeHashes.EMPTY_ROOT))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    List<String> roots = new ArrayList<>();
    build(leafHashes(LEAVES), roots);
    assertThat(roots).isEqualTo(ROOTS);
  }

  @Test
  void inclusionProofsAreTheReferenceProofs() {
    Map<TreeNode, byte[]> stored = build(leafHashes(LEAVES), null);
    assertThat(hex(TreeProofs.hashes(TreeProofs.inclusion(0, 8), stored)))
        .containsExactly(
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
    assertThat(hex(TreeProofs.hashes(TreeProofs.inclusion(5, 8), stored)))
        .containsExactly(
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
  }

  @Test
  void consistencyProofsAreTheReferenceProofs() {
    Map<TreeNode, byte[]> stored = build(leafHashes(LEAVES), null);
    assertThat(hex(TreeProofs.hashes(TreeProofs.consistency(2, 8), stored)))
        .containsExactly(
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
    assertThat(hex(TreeProofs.hashes(TreeProofs.consistency(6, 8), stored)))
        .containsExactly(
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
    assertThat(hex(TreeProofs.hashes(TreeProofs.consistency(2, 5), stored)))
        .containsExactly(
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b");
    assertThat(TreeProofs.consistency(8, 8)).isEmpty();
  }

  /** MTH as RFC 9162 section 2.1.1 defines it, recursively, over the leaf hashes. */
  private static byte[] mth(List<byte[]> leaves) {
    if (leaves.isEmpty()) {
      return TreeHashes.EMPTY_ROOT;
    }
    if (leaves.size() == 1) {
      return leaves.get(0);
    }
    int k = Integer.highestOneBit(leaves.size() - 1);
    return TreeHashes.nodeHash(mth(leaves.subList(0, k)), mth(leaves.subList(k, leaves.size())));
  }

  @Test
  void batchesOfAnySizeGiveTheRootOfTheRecursiveDefinition() {
    Random random = new Random(36);
    List<byte[]> leaves = new ArrayList<>();
    for (int i = 0; i < 70; i++) {
      leaves.add(TreeHashes.leafHash(new byte[] {(byte) i, (byte) (i * 7)}));
    }
    for (int round = 0; round < 20; round++) {
      Map<TreeNode, byte[]> stored = new HashMap<>();
      int size = 0;
      while (size < leaves.size()) {
        int take = Math.min(leaves.size() - size, 1 + random.nextInt(9));
        Map<TreeNode, byte[]> edge = new HashMap<>();
        TreeAppend.edge(size).forEach(node -> edge.put(node, stored.get(node)));
        TreeAppend.Appended appended =
            TreeAppend.append(size, edge, leaves.subList(size, size + take));
        stored.putAll(appended.nodes());
        size += take;
        assertThat(appended.root()).isEqualTo(mth(leaves.subList(0, size)));
      }
      for (int n = 1; n <= leaves.size(); n++) {
        assertThat(new Subtree(0, n).hash(stored)).isEqualTo(mth(leaves.subList(0, n)));
      }
    }
  }

  @Test
  void proofsAskForAtMostTwoNodesPerLevel() {
    long size = 10_000_000L;
    for (long leaf : new long[] {0, 1, 4_999_999, 9_999_999}) {
      assertThat(TreeProofs.nodesOf(TreeProofs.inclusion(leaf, size)).size()).isLessThan(2 * 24);
    }
    assertThat(TreeProofs.nodesOf(TreeProofs.consistency(1_234_567, size)).size())
        .isLessThan(2 * 24);
  }

  @Test
  void refusesLeavesAndSizesOutsideTheTree() {
    assertThatThrownBy(() -> TreeProofs.inclusion(8, 8))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TreeProofs.consistency(0, 8))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TreeProofs.consistency(9, 8))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStatementsLeafIsItsKindKidAndHash() {
    byte[] hash = new byte[32];
    hash[31] = 1;
    LoggedStatement statement = new LoggedStatement(null, "attestation", "ws-attest-v2", hash);
    assertThat(new String(statement.leafData(), java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo("attestation ws-attest-v2 " + "00".repeat(31) + "01");
    assertThat(statement.id()).isEqualTo("00".repeat(31) + "01");
    assertThat(statement.leafHash()).isEqualTo(TreeHashes.leafHash(statement.leafData()));
  }
}
