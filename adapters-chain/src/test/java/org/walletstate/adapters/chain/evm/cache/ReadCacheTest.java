package org.walletstate.adapters.chain.evm.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

class ReadCacheTest {

  private static final ReadCacheSource BASE = ReadCacheSource.single(ChainId.evm(8453));
  private static final BlockHead BLOCK = block(100, 1);
  private static final EvmRequest A = balance("0x2c971b9f2ae3126cdd6ed998babb3e2af64e418c");
  private static final EvmRequest B = balance("0xf79cc6156b460ed70f01f00bbcb80915d2ada747");
  private static final EvmRequest C = balance("0x652630650201091396a7c240f65f9f77ac225cd6");
  private static final ReadOutcome ONE = new ReadOutcome.Quantity(BigInteger.ONE);

  @Test
  void get_findsAnAnswerOnlyAtItsChainBlockNumberAndHash() {
    ReadCache cache = new ReadCache(10);
    cache.put(BASE, BLOCK, A, ONE);

    assertThat(cache.get(BASE, BLOCK, A)).contains(ONE);
    assertThat(cache.get(ReadCacheSource.single(ChainId.evm(10)), BLOCK, A)).isEmpty();
    assertThat(cache.get(BASE, block(101, 1), A)).isEmpty();
    assertThat(cache.get(BASE, block(100, 2), A)).as("same height, reorganised").isEmpty();
    assertThat(cache.get(BASE, BLOCK, B)).isEmpty();
  }

  @Test
  void get_findsAQuorumProvidersAnswerForThatProviderOnly_atItsBlockNumberAndHash() {
    ReadCacheSource alpha = ReadCacheSource.provider(ChainId.evm(8453), "alpha");
    ReadCache cache = new ReadCache(10);
    cache.put(alpha, BLOCK, A, ONE);

    assertThat(cache.get(alpha, BLOCK, A)).contains(ONE);
    assertThat(cache.get(ReadCacheSource.provider(ChainId.evm(8453), "beta"), BLOCK, A)).isEmpty();
    assertThat(cache.get(BASE, BLOCK, A)).as("the single reader's entries").isEmpty();
    assertThat(cache.get(ReadCacheSource.provider(ChainId.evm(10), "alpha"), BLOCK, A)).isEmpty();
    assertThat(cache.get(alpha, block(100, 2), A)).as("same height, reorganised").isEmpty();

    cache.put(BASE, BLOCK, B, ONE);
    assertThat(cache.get(alpha, BLOCK, B)).as("the single reader's answer").isEmpty();
  }

  @Test
  void put_keepsRevertsButNeverFailures() {
    ReadCache cache = new ReadCache(10);
    cache.put(BASE, BLOCK, A, new ReadOutcome.Reverted(Bytes.EMPTY));
    cache.put(BASE, BLOCK, B, new ReadOutcome.Failed("rate limited"));

    assertThat(cache.get(BASE, BLOCK, A)).contains(new ReadOutcome.Reverted(Bytes.EMPTY));
    assertThat(cache.get(BASE, BLOCK, B)).isEmpty();
  }

  @Test
  void put_dropsTheLeastRecentlyUsedEntryBeyondTheCapacity() {
    ReadCache cache = new ReadCache(2);
    cache.put(BASE, BLOCK, A, ONE);
    cache.put(BASE, BLOCK, B, ONE);
    cache.get(BASE, BLOCK, A);
    cache.put(BASE, BLOCK, C, ONE);

    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.get(BASE, BLOCK, A)).isPresent();
    assertThat(cache.get(BASE, BLOCK, B)).isEmpty();
    assertThat(cache.get(BASE, BLOCK, C)).isPresent();
  }

  @Test
  void put_keepsNothingAtCapacityZero() {
    ReadCache cache = new ReadCache(0);
    cache.put(BASE, BLOCK, A, ONE);

    assertThat(cache.get(BASE, BLOCK, A)).isEmpty();
  }

  private static BlockHead block(long number, int hashByte) {
    byte[] hash = new byte[32];
    hash[31] = (byte) hashByte;
    return new BlockHead(
        BigInteger.valueOf(number), Instant.EPOCH, new Bytes32(Bytes.of(hash)), Bytes32.ZERO);
  }

  private static EvmRequest balance(String account) {
    return new EvmRequest.EthGetBalance(EvmAddress.of(account));
  }
}
