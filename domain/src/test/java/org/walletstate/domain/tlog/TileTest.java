package org.walletstate.domain.tlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which tiles a tree holds (the C2SP {@code tlog-tiles} example sizes, and sizes near the largest
 * without overflow), a tile's nodes and hashes, and the entry bundle's length prefixes.
 */
class TileTest {

  @Test
  void aTreeOf70000HoldsTheTilesTheSpecificationLists() {
    long size = 70_000;
    assertThat(new Tile(0, 272, 256).within(size)).isTrue();
    assertThat(new Tile(0, 273, 256).within(size)).isFalse();
    assertThat(new Tile(0, 273, 112).within(size)).isTrue();
    assertThat(new Tile(0, 273, 113).within(size)).isFalse();
    assertThat(new Tile(1, 0, 256).within(size)).isTrue();
    assertThat(new Tile(1, 1, 17).within(size)).isTrue();
    assertThat(new Tile(1, 1, 18).within(size)).isFalse();
    assertThat(new Tile(2, 0, 1).within(size)).isTrue();
    assertThat(new Tile(2, 0, 2).within(size)).isFalse();
    assertThat(new Tile(3, 0, 1).within(size)).isFalse();
    // a tree of 256: a full level-0 tile and a level-1 tile of width 1
    assertThat(new Tile(0, 0, 256).within(256)).isTrue();
    assertThat(new Tile(1, 0, 1).within(256)).isTrue();
    assertThat(new Tile(0, 0, 1).within(0)).isFalse();
  }

  @Test
  void theLargestIndexesAndLevelsDoNotOverflow() {
    assertThat(new Tile(0, Long.MAX_VALUE, 256).within(Long.MAX_VALUE)).isFalse();
    assertThat(new Tile(0, Long.MAX_VALUE / 256 - 1, 256).within(Long.MAX_VALUE)).isTrue();
    assertThat(new Tile(7, 0, 127).within(Long.MAX_VALUE)).isTrue();
    assertThat(new Tile(7, 0, 128).within(Long.MAX_VALUE)).isFalse();
    assertThat(new Tile(8, 0, 1).within(Long.MAX_VALUE)).isFalse();
    assertThat(new Tile(63, 0, 1).within(Long.MAX_VALUE)).isFalse();
    assertThatThrownBy(() -> new Tile(64, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Tile(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Tile(0, 0, 257)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aTilesHashesAreItsNodesAtEightTimesItsLevel() {
    Tile tile = new Tile(1, 2, 3);
    assertThat(tile.nodes())
        .containsExactly(new TreeNode(8, 512), new TreeNode(8, 513), new TreeNode(8, 514));
    Map<TreeNode, byte[]> known = new HashMap<>();
    for (TreeNode node : tile.nodes()) {
      known.put(node, TreeHashes.sha256(new byte[] {(byte) node.index()}));
    }
    byte[] hashes = tile.hashes(known);
    assertThat(hashes).hasSize(96);
    assertThat(java.util.Arrays.copyOfRange(hashes, 32, 64))
        .isEqualTo(known.get(new TreeNode(8, 513)));
    known.remove(new TreeNode(8, 514));
    assertThatThrownBy(() -> tile.hashes(known)).isInstanceOf(IllegalStateException.class);
    assertThat(new Tile(0, 3, 10).firstLeaf()).isEqualTo(768);
    assertThatThrownBy(() -> tile.firstLeaf()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aBundleIsEachEntryAfterItsBigEndianLength() {
    byte[] a = "attestation k 00".getBytes(StandardCharsets.UTF_8);
    byte[] b = new byte[300];
    byte[] bundle = Tile.bundle(List.of(a, b));
    assertThat(bundle).hasSize(2 + a.length + 2 + 300);
    assertThat(bundle[0]).isEqualTo((byte) 0);
    assertThat(bundle[1]).isEqualTo((byte) a.length);
    assertThat(bundle[2 + a.length]).isEqualTo((byte) 1);
    assertThat(bundle[3 + a.length]).isEqualTo((byte) 44);
    assertThatThrownBy(() -> Tile.bundle(List.of(new byte[70_000])))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
