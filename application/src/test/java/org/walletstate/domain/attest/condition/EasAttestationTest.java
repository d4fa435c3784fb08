package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import java.math.BigInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;
import org.walletstate.domain.evm.eas.EasDeployments;
import org.walletstate.domain.evm.eas.EasRecord;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.EasEncoding;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class EasAttestationTest {

  static final EvmAddress EXCHANGE_INDEXER =
      EvmAddress.of("0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C");
  static final AttestationLookup EXCHANGE_LOOKUP = AttestationLookup.indexer(EXCHANGE_INDEXER);
  static final EvmAddress EXCHANGE_ATTESTER =
      EvmAddress.of("0x357458739F90461b99789350868CD7CF330Dd7EE");
  static final Bytes32 VERIFIED_ACCOUNT =
      Bytes32.parse("0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9", "s");
  static final EvmAddress PASSPORT_RESOLVER =
      EvmAddress.of("0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC");
  static final AttestationLookup PASSPORT_LOOKUP =
      AttestationLookup.passportResolver(PASSPORT_RESOLVER);

  /** EAS's own Indexer on chain 10: it has no lookup by (recipient, schema) alone. */
  static final EvmAddress OP_EAS_INDEXER =
      EvmAddress.of("0x6dd0CB3C3711c8B5d03b3790e5339Bbc2Bbcf934");

  static final EvmAddress PASSPORT_ATTESTER =
      EvmAddress.of("0x843829986e895facd330486a61Ebee9E1f1adB1a");
  static final Bytes32 SCORE_V2 =
      Bytes32.parse("0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254", "s");
  static final Bytes32 UID = Bytes32.of(new BigInteger("5f5a6b2d1e0c9a8b7c6d5e4f3021", 16));
  static final long ANCHOR = FakeEvm.DEFAULT_BLOCK.timestamp().getEpochSecond();

  static AttestScenario template(String name) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"eas_attestation\","
            + "\"template\":\""
            + name
            + "\"}]}");
  }

  static AttestScenario raw(long chainId, Bytes32 schema, EvmAddress indexer, String attester) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"eas_attestation\","
            + "\"chainId\":"
            + chainId
            + ",\"schemaId\":\""
            + schema
            + "\",\"indexer\":\""
            + indexer
            + "\""
            + (attester == null ? "" : ",\"attester\":\"" + attester + "\"")
            + "}]}");
  }

  /** A chain whose lookup names UID for (wallet, schema) and whose EAS holds {@code record}. */
  static FakeEvm indexed(AttestationLookup lookup, Bytes32 schema, EasRecord record) {
    return FakeEvm.chain()
        .answer(new EvmRead.AttestationUid(lookup, WALLET, schema), ReadOutcome.data(UID.bytes()))
        .answer(
            new EvmRead.EasAttestation(EasDeployments.PREDEPLOY, UID),
            ReadOutcome.data(EasEncoding.getAttestationReturn(record)));
  }

  static EasRecord verifiedAccount(
      EvmAddress recipient, EvmAddress attester, long expiration, long revocation) {
    return EasEncoding.record(
        UID,
        VERIFIED_ACCOUNT,
        recipient,
        attester,
        expiration,
        revocation,
        Bytes.fromHex("0x" + "0".repeat(63) + "1"));
  }

  static FakeEvm exchangeChain(EasRecord record) {
    return indexed(EXCHANGE_LOOKUP, VERIFIED_ACCOUNT, record);
  }

  static boolean verifiedAccountMet(EasRecord record) {
    return template("exchange_verified_account").on(8453, exchangeChain(record)).met();
  }

  @Nested
  class Validity {
    @Test
    void aValidAttestationAboutTheWalletIsMet() {
      assertThat(verifiedAccountMet(verifiedAccount(WALLET, EXCHANGE_ATTESTER, 0, 0))).isTrue();
    }

    @Test
    void noIndexedAttestationIsNotMetAndEasIsNotAsked() {
      FakeEvm chain =
          FakeEvm.chain()
              .answer(
                  new EvmRead.AttestationUid(EXCHANGE_LOOKUP, WALLET, VERIFIED_ACCOUNT),
                  ReadOutcome.data(Bytes32.ZERO.bytes()));

      assertThat(template("exchange_verified_account").on(8453, chain).met()).isFalse();
      assertThat(chain.served()).hasSize(1);
    }

    @Test
    void aRevokedAttestationIsNotMet() {
      assertThat(verifiedAccountMet(verifiedAccount(WALLET, EXCHANGE_ATTESTER, 0, ANCHOR - 60)))
          .isFalse();
    }

    @Test
    void anAttestationExpiringExactlyAtTheAnchoredBlockIsExpired() {
      assertThat(verifiedAccountMet(verifiedAccount(WALLET, EXCHANGE_ATTESTER, ANCHOR, 0)))
          .isFalse();
    }

    @Test
    void anAttestationExpiringAfterTheAnchoredBlockIsMet() {
      assertThat(verifiedAccountMet(verifiedAccount(WALLET, EXCHANGE_ATTESTER, ANCHOR + 1, 0)))
          .isTrue();
    }

    @Test
    void anAttestationAboutAnotherRecipientIsNotMet() {
      assertThat(verifiedAccountMet(verifiedAccount(EXCHANGE_INDEXER, EXCHANGE_ATTESTER, 0, 0)))
          .isFalse();
    }

    @Test
    void anAttestationFromAnotherAttesterIsNotMet() {
      assertThat(verifiedAccountMet(verifiedAccount(WALLET, WALLET, 0, 0))).isFalse();
    }

    @Test
    void anAttestationOfAnotherSchemaIsNotMet() {
      EasRecord otherSchema =
          EasEncoding.record(UID, SCORE_V2, WALLET, EXCHANGE_ATTESTER, 0, 0, Bytes.EMPTY);

      assertThat(verifiedAccountMet(otherSchema)).isFalse();
    }

    @Test
    void aUidEasDoesNotHoldIsNotMet() {
      EasRecord empty =
          EasEncoding.record(
              Bytes32.ZERO,
              Bytes32.ZERO,
              EvmAddress.ofBytes(new byte[20]),
              EvmAddress.ofBytes(new byte[20]),
              0,
              0,
              Bytes.EMPTY);

      assertThat(verifiedAccountMet(empty)).isFalse();
    }
  }

  @Nested
  class Unavailability {
    @Test
    void anIndexThatCannotBeReadIsUnavailable() {
      FakeEvm chain =
          FakeEvm.chain()
              .answer(
                  new EvmRead.AttestationUid(EXCHANGE_LOOKUP, WALLET, VERIFIED_ACCOUNT),
                  ReadOutcome.failed("timeout"));

      assertThat(template("exchange_verified_account").on(8453, chain).failures())
          .containsExactly(
              new FailedCondition(
                  0,
                  FailureSource.ATTESTATION_READ,
                  ChainId.evm(8453),
                  "attestation index could not be read"));
    }

    @Test
    void anIndexerWithoutCodeIsUnavailableNotUnmet() {
      assertThat(template("exchange_verified_account").on(8453, FakeEvm.chain()).failures())
          .extracting(FailedCondition::source)
          .containsExactly(FailureSource.ATTESTATION_READ);
    }

    @Test
    void anAttestationThatCannotBeReadIsUnavailable() {
      FakeEvm chain =
          FakeEvm.chain()
              .answer(
                  new EvmRead.AttestationUid(EXCHANGE_LOOKUP, WALLET, VERIFIED_ACCOUNT),
                  ReadOutcome.data(UID.bytes()))
              .answer(
                  new EvmRead.EasAttestation(EasDeployments.PREDEPLOY, UID),
                  ReadOutcome.failed("timeout"));

      assertThat(template("exchange_verified_account").on(8453, chain).failures())
          .containsExactly(
              new FailedCondition(
                  0,
                  FailureSource.ATTESTATION_READ,
                  ChainId.evm(8453),
                  "attestation could not be read"));
    }
  }

  @Nested
  class Scores {
    private boolean met(String template, long score, int decimals) {
      EasRecord record =
          EasEncoding.record(
              UID,
              SCORE_V2,
              WALLET,
              PASSPORT_ATTESTER,
              0,
              0,
              EasEncoding.passportScore(true, decimals, score, 200_000));
      return template(template).on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, record)).met();
    }

    @Test
    void theScoreTemplateNeedsTwentyReadWithTheAttestationsOwnDecimals() {
      assertThat(met("humanity_passport_score", 245_000, 4)).isTrue();
      assertThat(met("humanity_passport_score", 200_000, 4)).isTrue();
      assertThat(met("humanity_passport_score", 199_999, 4)).isFalse();
      assertThat(met("humanity_passport_score", 20, 0)).isTrue();
      assertThat(met("humanity_passport_score", 19, 0)).isFalse();
    }

    @Test
    void theActiveTemplateNeedsAnyPositiveScore() {
      assertThat(met("humanity_passport_active", 1, 4)).isTrue();
      assertThat(met("humanity_passport_active", 0, 4)).isFalse();
    }

    @Test
    void dataThatIsNotAScoreShowsNoScore() {
      EasRecord record =
          EasEncoding.record(UID, SCORE_V2, WALLET, PASSPORT_ATTESTER, 0, 0, Bytes.fromHex("0x01"));

      assertThat(
              template("humanity_passport_active")
                  .on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, record))
                  .met())
          .isFalse();
    }

    @Test
    void aRevokedScoreIsNotMetWhateverTheScore() {
      EasRecord record =
          EasEncoding.record(
              UID,
              SCORE_V2,
              WALLET,
              PASSPORT_ATTESTER,
              0,
              ANCHOR,
              EasEncoding.passportScore(true, 4, 500_000, 200_000));

      assertThat(
              template("humanity_passport_score")
                  .on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, record))
                  .met())
          .isFalse();
    }
  }

  @Nested
  class Lookups {
    private static final String WALLET_WORD =
        "000000000000000000000000" + WALLET.lowercase().substring(2);

    private EasRecord score(EvmAddress recipient, long revocation) {
      return EasEncoding.record(
          UID,
          SCORE_V2,
          recipient,
          PASSPORT_ATTESTER,
          0,
          revocation,
          EasEncoding.passportScore(true, 4, 255_000, 200_000));
    }

    @Test
    void thePassportTemplatesAskTheResolverForTheUsersAttestation() {
      for (String name : new String[] {"humanity_passport_score", "humanity_passport_active"}) {
        FakeEvm chain = indexed(PASSPORT_LOOKUP, SCORE_V2, score(WALLET, 0));

        assertThat(template(name).on(10, chain).met()).as(name).isTrue();
        // getUserAttestation(address,bytes32) = 0x79300e56, at the GitcoinResolver
        assertThat(chain.served().get(0))
            .as(name)
            .isEqualTo(
                new EvmRequest.EthCall(
                    EvmAddress.of("0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC"),
                    Bytes.fromHex("0x79300e56" + WALLET_WORD + SCORE_V2.hex().substring(2))));
      }
    }

    @Test
    void theExchangeTemplatesAskTheIndexerForTheAttestationUid() {
      FakeEvm chain = exchangeChain(verifiedAccount(WALLET, EXCHANGE_ATTESTER, 0, 0));

      assertThat(template("exchange_verified_account").on(8453, chain).met()).isTrue();
      // getAttestationUid(address,bytes32) = 0xab2717dd, at Coinbase's indexer
      assertThat(chain.served().get(0))
          .isEqualTo(
              new EvmRequest.EthCall(
                  EvmAddress.of("0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C"),
                  Bytes.fromHex("0xab2717dd" + WALLET_WORD + VERIFIED_ACCOUNT.hex().substring(2))));
    }

    @Test
    void anEntryTheResolverClearedOnRevocationIsNotMetAndEasIsNotAsked() {
      FakeEvm chain =
          FakeEvm.chain()
              .answer(
                  new EvmRead.AttestationUid(PASSPORT_LOOKUP, WALLET, SCORE_V2),
                  ReadOutcome.data(Bytes32.ZERO.bytes()));

      assertThat(template("humanity_passport_active").on(10, chain).met()).isFalse();
      assertThat(chain.served()).hasSize(1);
    }

    @Test
    void aRevokedAttestationTheResolverStillNamesIsNotMet() {
      assertThat(
              template("humanity_passport_active")
                  .on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, score(WALLET, ANCHOR - 60)))
                  .met())
          .isFalse();
    }

    @Test
    void aResolverEntryNamingAnotherRecipientsAttestationIsNotMet() {
      assertThat(
              template("humanity_passport_score")
                  .on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, score(PASSPORT_ATTESTER, 0)))
                  .met())
          .isFalse();
    }

    @Test
    void eassOwnIndexerOnOptimismIsNotAskedForAUid() {
      FakeEvm answeredOnlyThere =
          indexed(AttestationLookup.indexer(OP_EAS_INDEXER), SCORE_V2, score(WALLET, 0));

      assertThat(template("humanity_passport_score").on(10, answeredOnlyThere).failures())
          .containsExactly(
              new FailedCondition(
                  0,
                  FailureSource.ATTESTATION_READ,
                  ChainId.evm(10),
                  "attestation index could not be read"));
      assertThat(answeredOnlyThere.served())
          .extracting(r -> ((EvmRequest.EthCall) r).to())
          .doesNotContain(OP_EAS_INDEXER);
    }
  }

  @Nested
  class RawForm {
    @Test
    void withoutAnAttesterAnyAttesterIsAccepted() {
      EasRecord fromAnyone = verifiedAccount(WALLET, WALLET, 0, 0);

      assertThat(
              raw(8453, VERIFIED_ACCOUNT, EXCHANGE_INDEXER, null)
                  .on(8453, exchangeChain(fromAnyone))
                  .met())
          .isTrue();
    }

    @Test
    void withAnAttesterOnlyThatAttesterIsAccepted() {
      EasRecord fromAnyone = verifiedAccount(WALLET, WALLET, 0, 0);

      assertThat(
              raw(8453, VERIFIED_ACCOUNT, EXCHANGE_INDEXER, EXCHANGE_ATTESTER.lowercase())
                  .on(8453, exchangeChain(fromAnyone))
                  .met())
          .isFalse();
    }

    @Test
    void readsTheSecondRoundAtTheSameBlockAfterTheFirst() {
      FakeEvm chain = exchangeChain(verifiedAccount(WALLET, EXCHANGE_ATTESTER, 0, 0));

      raw(8453, VERIFIED_ACCOUNT, EXCHANGE_INDEXER, null).on(8453, chain).met();

      assertThat(chain.served())
          .containsExactly(
              new EvmRead.AttestationUid(EXCHANGE_LOOKUP, WALLET, VERIFIED_ACCOUNT).request(),
              new EvmRead.EasAttestation(EasDeployments.PREDEPLOY, UID).request());
    }
  }

  @Nested
  class Shapes {
    @Test
    void theTemplateFormNamesTheTemplateSchemaAndAttester() {
      assertThat(
              template("exchange_verified_account")
                  .on(8453, exchangeChain(verifiedAccount(WALLET, EXCHANGE_ATTESTER, 0, 0)))
                  .evaluatedCondition())
          .isEqualTo(
              "{\"type\":\"eas_attestation\",\"chainId\":8453,"
                  + "\"template\":\"exchange_verified_account\","
                  + "\"schemaId\":\"0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9\","
                  + "\"attester\":\"0x357458739F90461b99789350868CD7CF330Dd7EE\","
                  + "\"operator\":\"valid_attestation\"}");
    }

    @Test
    void thePassportTemplateFormNamesNoLookup() {
      EasRecord record =
          EasEncoding.record(
              UID,
              SCORE_V2,
              WALLET,
              PASSPORT_ATTESTER,
              0,
              0,
              EasEncoding.passportScore(true, 4, 255_000, 200_000));

      assertThat(
              template("humanity_passport_score")
                  .on(10, indexed(PASSPORT_LOOKUP, SCORE_V2, record))
                  .evaluatedCondition())
          .isEqualTo(
              "{\"type\":\"eas_attestation\",\"chainId\":10,"
                  + "\"template\":\"humanity_passport_score\","
                  + "\"schemaId\":\"0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254\","
                  + "\"attester\":\"0x843829986e895facd330486a61Ebee9E1f1adB1a\","
                  + "\"operator\":\"valid_attestation\"}");
    }

    @Test
    void theRawFormNamesSchemaAttesterWhenGivenAndIndexer() {
      String upperSchema = "0x" + VERIFIED_ACCOUNT.hex().substring(2).toUpperCase();
      AttestScenario scenario =
          AttestScenario.request(
              KeyVersion.V2,
              "{\"wallet\":\""
                  + WALLET
                  + "\",\"conditions\":[{\"type\":\"eas_attestation\","
                  + "\"chainId\":8453,\"schemaId\":\""
                  + upperSchema
                  + "\",\"indexer\":\""
                  + EXCHANGE_INDEXER.lowercase()
                  + "\"}]}");

      assertThat(
              scenario
                  .on(
                      8453,
                      FakeEvm.chain()
                          .answer(
                              new EvmRead.AttestationUid(EXCHANGE_LOOKUP, WALLET, VERIFIED_ACCOUNT),
                              ReadOutcome.data(Bytes32.ZERO.bytes())))
                  .evaluatedCondition())
          .isEqualTo(
              "{\"type\":\"eas_attestation\",\"chainId\":8453,"
                  + "\"schemaId\":\"0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9\","
                  + "\"indexer\":\"0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C\","
                  + "\"operator\":\"valid_attestation\"}");
    }
  }
}
