package org.walletstate.adapters.chain.solana;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.solana.ProgramAddress;
import org.walletstate.domain.solana.SolanaRead;

/**
 * The Solana reader against a replay of the documented answers: one finalized snapshot, every value
 * from one getMultipleAccounts answer, retries and refusals where the snapshot is not sound.
 */
class SolanaChainStateTest extends ChainReaderContract {

  private static final String OWNER = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  private static final String MINT = "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR";
  private static final String ATA = "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA";
  private static final String MINT_2022 = key(7);
  private static final String OTHER_ACCOUNT = key(8);
  private static final String ACCOUNT_2022 = key(9);

  private static final JsonRpcReplay REPLAY = JsonRpcReplay.start();
  private static final ChainId SOLANA = catalogued("solana");

  private final SolanaReplay chain = new SolanaReplay();
  private final SolanaChainState reader =
      new SolanaChainState(replayConfig(SOLANA, REPLAY.url()), clock(), () -> 0.5);

  @BeforeEach
  void documentedWallet() {
    REPLAY.reset();
    chain.clear().slot(341197933);
    chain.wallet(OWNER, 2_500_000_000L);
    chain.mint(MINT, 6, SolanaReplay.TOKEN);
    chain.tokenAccount(ATA, OWNER, MINT, "420000000000000", 6, SolanaReplay.TOKEN);
    chain.serveOn(REPLAY);
  }

  @Override
  protected ChainId chain() {
    return SOLANA;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isEqualTo(new Anchor.SolanaSlot(341197933));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(new SolanaRead.Lamports(owner()), BigInteger.valueOf(2_500_000_000L));
  }

  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(
        new Expected<>(
            new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT)),
            new BigInteger("420000000000000")));
  }

  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.of(
        new Expected<>(new SolanaRead.MintDecimals(SolanaMint.of(MINT)), TokenDecimals.of(6)));
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    SolanaAddress nobody = SolanaAddress.of(key(42));
    return List.of(
        new Expected<>(new SolanaRead.Lamports(nobody), BigInteger.ZERO),
        new Expected<>(new SolanaRead.TokenAmount(nobody, SolanaMint.of(MINT)), BigInteger.ZERO));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    for (String method :
        List.of("getMultipleAccounts", "getTokenAccountsByOwner", "getAccountInfo")) {
      REPLAY.on(method, reply(fault));
    }
    return reader;
  }

  @AfterAll
  static void stop() {
    REPLAY.close();
  }

  static String key(int seed) {
    byte[] bytes = new byte[32];
    bytes[0] = (byte) seed;
    bytes[31] = (byte) (seed * 7 + 1);
    return SolanaAddress.ofBytes(bytes).text();
  }

  private static SolanaAddress owner() {
    return SolanaAddress.of(OWNER);
  }

  private ChainObservation observe(SolanaRead<?>... reads) {
    Set<ChainRead<?>> set = Set.of(reads);
    return reader.observe(SOLANA, ChainQuery.of(set)).await().atMost(Duration.ofSeconds(20));
  }

  private static <T> T value(ChainObservation observation, ChainRead<T> read) {
    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    Reading<T> reading = ((ChainObservation.Observed) observation).readings().reading(read);
    assertThat(reading).isInstanceOf(Reading.Value.class);
    return ((Reading.Value<T>) reading).value();
  }

  @Test
  void lamportsMintDecimalsAndTokenAmount_comeFromOneFinalizedSnapshot() {
    var lamports = new SolanaRead.Lamports(owner());
    var decimals = new SolanaRead.MintDecimals(SolanaMint.of(MINT));
    var amount = new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT));

    ChainObservation observation = observe(lamports, decimals, amount);

    assertThat(((ChainObservation.Observed) observation).anchor())
        .isEqualTo(new Anchor.SolanaSlot(341197933));
    assertThat(value(observation, lamports)).isEqualTo(BigInteger.valueOf(2_500_000_000L));
    assertThat(value(observation, decimals)).isEqualTo(TokenDecimals.of(6));
    assertThat(value(observation, amount)).isEqualTo(new BigInteger("420000000000000"));
    assertThat(REPLAY.requests("getMultipleAccounts")).hasSize(1);
    assertThat(REPLAY.requests("getMultipleAccounts").get(0).path("params").path(1).toString())
        .contains("\"commitment\":\"finalized\"", "\"minContextSlot\":341197933");
  }

  @Test
  void tokenAmount_sumsEveryTokenAccountOfTheMint_underBothPrograms() {
    chain.tokenAccount(OTHER_ACCOUNT, OWNER, MINT, "5", 6, SolanaReplay.TOKEN);
    chain.mint(MINT_2022, 2, SolanaReplay.TOKEN_2022);
    chain.tokenAccount(ACCOUNT_2022, OWNER, MINT_2022, "12345", 2, SolanaReplay.TOKEN_2022);
    var amount = new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT));
    var amount2022 = new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT_2022));
    var decimals2022 = new SolanaRead.MintDecimals(SolanaMint.of(MINT_2022));

    ChainObservation observation = observe(amount, amount2022, decimals2022);

    assertThat(value(observation, amount)).isEqualTo(new BigInteger("420000000000005"));
    assertThat(value(observation, amount2022)).isEqualTo(BigInteger.valueOf(12345));
    assertThat(value(observation, decimals2022)).isEqualTo(TokenDecimals.of(2));
  }

  @Test
  void anAccountThatDoesNotExist_holdsZero_butAMissingMintIsUnreadable() {
    String nobody = key(42);
    var lamports = new SolanaRead.Lamports(SolanaAddress.of(nobody));
    var amount = new SolanaRead.TokenAmount(SolanaAddress.of(nobody), SolanaMint.of(MINT));
    var missingMint = new SolanaRead.MintDecimals(SolanaMint.of(key(43)));

    ChainObservation observation = observe(lamports, amount, missingMint);

    assertThat(value(observation, lamports)).isZero();
    assertThat(value(observation, amount)).isZero();
    assertThat(((ChainObservation.Observed) observation).readings().reading(missingMint))
        .isInstanceOf(Reading.Unreadable.class);
  }

  @Test
  void minContextSlotLag_isRetried() {
    AtomicInteger calls = new AtomicInteger();
    REPLAY.on(
        "getMultipleAccounts",
        request ->
            calls.incrementAndGet() <= 2
                ? Reply.json(SolanaReplay.minContextSlotNotReached())
                : Reply.json(chain.multipleAccounts(request)));
    var amount = new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT));

    assertThat(value(observe(amount), amount)).isEqualTo(new BigInteger("420000000000000"));
    assertThat(calls).hasValue(3);
  }

  @Test
  void aTokenAccountSetThatChangesDuringTheSnapshot_isTakenAgain() {
    AtomicInteger discoveries = new AtomicInteger();
    REPLAY.on(
        "getTokenAccountsByOwner",
        request -> {
          if (discoveries.incrementAndGet() == 2) {
            chain.tokenAccount(OTHER_ACCOUNT, OWNER, MINT, "7", 6, SolanaReplay.TOKEN);
          }
          return Reply.json(chain.tokenAccountsByOwner(request));
        });
    var amount = new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT));

    assertThat(value(observe(amount), amount)).isEqualTo(new BigInteger("420000000000007"));
    assertThat(REPLAY.requests("getMultipleAccounts")).hasSize(2);
  }

  @Test
  void aSnapshotThatStaysInconsistent_isAnUnavailableHead_neverAValue() {
    AtomicInteger discoveries = new AtomicInteger();
    REPLAY.on(
        "getTokenAccountsByOwner",
        request -> {
          chain.tokenAccount(
              key(100 + discoveries.incrementAndGet()), OWNER, MINT, "1", 6, SolanaReplay.TOKEN);
          return Reply.json(chain.tokenAccountsByOwner(request));
        });

    ChainObservation observation =
        observe(new SolanaRead.TokenAmount(owner(), SolanaMint.of(MINT)));

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(REPLAY.requests("getMultipleAccounts")).hasSize(SolanaChainState.SNAPSHOT_ROUNDS);
  }

  @Test
  void brokenAnswers_areRetried_thenAnUnavailableHead() {
    for (Reply broken :
        List.of(
            Reply.status(503),
            Reply.status(429),
            Reply.json(
                "{\"jsonrpc\":\"2.0\",\"result\":{\"context\":{\"slot\":1},\"value\":[]},\"id\":1}"),
            Reply.truncated(chain.tokenAccountsByOwner(request())),
            Reply.json("not json"),
            Reply.dropped())) {
      REPLAY.reset();
      chain.serveOn(REPLAY);
      REPLAY.on("getMultipleAccounts", broken);

      ChainObservation observation = observe(new SolanaRead.Lamports(owner()));

      assertThat(observation)
          .as(broken.toString())
          .isInstanceOf(ChainObservation.HeadUnavailable.class);
      assertThat(REPLAY.requests("getMultipleAccounts")).as(broken.toString()).hasSize(3);
    }
  }

  @Test
  void aHangingEndpoint_isAnUnavailableHead_withinTheDeadline() {
    REPLAY.on("getMultipleAccounts", Reply.json("{}").after(Duration.ofSeconds(10)));

    long started = System.nanoTime();
    ChainObservation observation = observe(new SolanaRead.Lamports(owner()));

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(6));
  }

  @Test
  void nftHeld_byTheMintItself_orByAVerifiedCollection_notByAnUnverifiedOne() {
    String nftMint = key(20);
    String nftAccount = key(21);
    String collection = key(22);
    String otherCollection = key(23);
    chain.tokenAccount(nftAccount, OWNER, nftMint, "1", 0, SolanaReplay.TOKEN);
    chain.metadata(
        ProgramAddress.metadata(SolanaAddress.of(nftMint).bytes()).text(),
        metadata(SolanaAddress.of(nftMint).bytes(), SolanaAddress.of(collection).bytes(), true));
    chain.mint(otherCollection, 0, SolanaReplay.TOKEN);
    var byMint = new SolanaRead.NftHeld(owner(), SolanaMint.of(nftMint));
    var byCollection = new SolanaRead.NftHeld(owner(), SolanaMint.of(collection));
    var notHeld = new SolanaRead.NftHeld(owner(), SolanaMint.of(otherCollection));

    ChainObservation observation = observe(byMint, byCollection, notHeld);

    assertThat(value(observation, byMint)).isTrue();
    assertThat(value(observation, byCollection)).isTrue();
    assertThat(value(observation, notHeld)).isFalse();
    assertThat(REPLAY.requests("getTokenAccountsByOwner"))
        .extracting(r -> r.path("params").path(1).path("programId").asText())
        .contains(SolanaReplay.TOKEN, SolanaReplay.TOKEN_2022);

    chain.metadata(
        ProgramAddress.metadata(SolanaAddress.of(nftMint).bytes()).text(),
        metadata(SolanaAddress.of(nftMint).bytes(), SolanaAddress.of(collection).bytes(), false));
    assertThat(value(observe(byCollection), byCollection)).as("unverified").isFalse();
  }

  private static com.fasterxml.jackson.databind.JsonNode request() {
    return new com.fasterxml.jackson.databind.ObjectMapper()
        .createObjectNode()
        .set(
            "params",
            new com.fasterxml.jackson.databind.ObjectMapper()
                .createArrayNode()
                .add(OWNER)
                .add(
                    new com.fasterxml.jackson.databind.ObjectMapper()
                        .createObjectNode()
                        .put("mint", MINT)));
  }

  /** A Metaplex metadata account, Borsh-encoded, with a collection. */
  static byte[] metadata(byte[] mint, byte[] collection, boolean verified) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(4);
    out.writeBytes(new byte[32]);
    out.writeBytes(mint);
    for (String text : List.of("Name", "SYM", "https://example.invalid/1.json")) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      out.writeBytes(
          ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length).array());
      out.writeBytes(bytes);
    }
    out.writeBytes(new byte[] {(byte) 0xf4, 0x01}); // seller fee 500
    out.write(1); // creators: Some
    out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(1).array());
    out.writeBytes(new byte[32]);
    out.write(1); // verified
    out.write(100); // share
    out.write(1); // primary sale happened
    out.write(1); // is mutable
    out.write(1); // edition nonce: Some
    out.write(255);
    out.write(1); // token standard: Some
    out.write(0);
    out.write(1); // collection: Some
    out.write(verified ? 1 : 0);
    out.writeBytes(collection);
    out.write(0); // uses: None
    return out.toByteArray();
  }
}
