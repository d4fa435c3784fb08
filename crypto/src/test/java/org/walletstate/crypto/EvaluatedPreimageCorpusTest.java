package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bouncycastle.jcajce.provider.digest.Keccak;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.proof.BalanceLayout;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;

/**
 * A golden corpus over the whole evaluate-and-sign path: fixed attest request bodies are parsed,
 * planned, answered by a scripted node, evaluated and signed with the TEST-ONLY keys, and the
 * signed bytes are pinned in {@code src/test/resources/golden/evaluated}. Per case, {@code
 * <case>.preimage.txt} holds the exact preimage the P-256 key signed and {@code <case>.data.json}
 * the issued {@code data} text with every signature replaced by {@value #SIGNATURE} (ECDSA and
 * ML-DSA signatures are randomized; a JWT keeps its header and claims segments).
 *
 * <p>Cases and chains are described in plain strings; the only code that touches the domain's
 * request, planning and evaluation types is {@link #corpus(Case)} and what sits below it.
 * Regenerate with {@code -Dgolden.write=true} only when the signed format changes on purpose.
 */
class EvaluatedPreimageCorpusTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/evaluated");
  private static final boolean WRITE = Boolean.getBoolean("golden.write");
  private static final String SIGNATURE = "<signature>";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  // --- addresses the cases use -----------------------------------------------------------------

  private static final String WALLET = TestSigning.WALLET;
  private static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  private static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  private static final String WETH_POLYGON = "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619";
  private static final String BAYC = "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D";
  private static final String POLYGON_COLLECTION = "0x2953399124f0cbb46d2cbacd8a89cf0599974963";
  private static final String VIEW_CONTRACT = "0x1111111254eeb25477b68fb85ed929f73a960582";
  private static final String SUPPLY_TOKEN = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
  private static final String DELEGATE = "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b";
  private static final String OTHER_DELEGATE = "0x000000000000000000000000000000000000dead";
  private static final String OTHER_WALLET = "0xf79cc6156b460ed70f01f00bbcb80915d2ada747";

  private static final String EAS = "0x4200000000000000000000000000000000000021";
  private static final String GET_ATTESTATION = "getAttestation(bytes32)";
  private static final String GET_ATTESTATION_UID = "getAttestationUid(address,bytes32)";
  private static final String GET_USER_ATTESTATION = "getUserAttestation(address,bytes32)";
  private static final String RAW_INDEXER = "0x2c7ee1e5f416dff40054c27a62f7b357c4e8619c";
  private static final String RAW_SCHEMA =
      "0x" + "5a".repeat(16) + "0123456789abcdef0123456789abcdef";
  private static final String RAW_ATTESTER = "0x0000000000000000000000000000000000c0ffee";
  private static final String EXCHANGE_INDEXER = "0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C";
  private static final String EXCHANGE_ATTESTER = "0x357458739F90461b99789350868CD7CF330Dd7EE";
  private static final String VERIFIED_ACCOUNT =
      "0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9";
  private static final String VERIFIED_COUNTRY =
      "0x1801901fabd0e6189356b4fb52bb0ab855276d84f7ec140839fbd1f6801ca065";
  private static final String EXCHANGE_ONE =
      "0x254bd1b63e0591fefa66818ca054c78627306f253f86be6023725a67ee6bf9f4";
  private static final String PASSPORT_RESOLVER = "0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC";
  private static final String PASSPORT_ATTESTER = "0x843829986e895facd330486a61Ebee9E1f1adB1a";
  private static final String PASSPORT_SCHEMA =
      "0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254";
  private static final String ID_REGISTRY = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b";

  private static final String EMPTY_CODE_HASH =
      "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
  private static final String CONTRACT_CODE = "0x6080604052348015600f57600080fd5b50";
  private static final String DESIGNATOR = "0xef0100" + DELEGATE.substring(2);
  private static final BigInteger ETH = BigInteger.TEN.pow(18);

  // --- the cases -------------------------------------------------------------------------------

  static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    cases.add(
        Case.v2(
            "token-balance-native-met",
            body(
                condition(
                    "token_balance", 1, "\"contractAddress\":\"native\",\"threshold\":\"1.5\"")),
            chain(1).nativeBalance(WALLET, ETH.multiply(BigInteger.TWO))));
    cases.add(
        Case.v2(
            "token-balance-native-unmet",
            body(
                labelled(
                    "gas money",
                    "token_balance",
                    8453,
                    "\"contractAddress\":\"native\",\"threshold\":\"0.000000000000000001\"")),
            chain(8453).nativeBalance(WALLET, BigInteger.ZERO)));
    cases.add(
        Case.v2(
            "token-balance-erc20-met",
            body(
                labelled(
                    "USDC >= 1.5",
                    "token_balance",
                    1,
                    "\"contractAddress\":\"" + USDC + "\",\"threshold\":\"1.5\"")),
            chain(1).erc20(USDC, 6).balanceOf(USDC, WALLET, 1_500_000)));
    cases.add(
        Case.v2(
            "token-balance-erc20-declared-decimals-unmet",
            body(
                condition(
                    "token_balance",
                    8453,
                    "\"contractAddress\":\""
                        + USDC_BASE
                        + "\",\"threshold\":\"1000.000001\",\"decimals\":6")),
            chain(8453).erc20(USDC_BASE, 6).balanceOf(USDC_BASE, WALLET, 1_000_000_000)));
    cases.add(
        Case.v1(
            "token-balance-v1-numbers",
            body(
                condition(
                    "token_balance",
                    1,
                    "\"contractAddress\":\"" + USDC + "\",\"threshold\":1.5,\"decimals\":6"),
                condition("token_balance", 1, "\"contractAddress\":\"native\",\"threshold\":0.25")),
            chain(1)
                .erc20(USDC, 6)
                .balanceOf(USDC, WALLET, 2_000_000)
                .nativeBalance(WALLET, ETH.divide(BigInteger.valueOf(5)))));
    cases.add(
        Case.v1(
            "token-balance-v1-strings",
            body(
                condition(
                    "token_balance",
                    137,
                    "\"contractAddress\":\"" + WETH_POLYGON + "\",\"threshold\":\"2500\"")),
            chain(137)
                .erc20(WETH_POLYGON, 18)
                .balanceOf(WETH_POLYGON, WALLET, ETH.multiply(BigInteger.valueOf(2500)))));
    cases.add(
        Case.v2(
            "nft-ownership-met",
            body(condition("nft_ownership", 1, "\"contractAddress\":\"" + BAYC + "\"")),
            chain(1).erc721BalanceOf(BAYC, WALLET, 2)));
    cases.add(
        Case.v2(
            "nft-ownership-unmet",
            body(
                condition(
                    "nft_ownership", 137, "\"contractAddress\":\"" + POLYGON_COLLECTION + "\"")),
            chain(137).erc721BalanceOf(POLYGON_COLLECTION, WALLET, 0)));
    String rawUid = uid(1);
    cases.add(
        Case.v2(
            "eas-raw-met",
            body(
                condition(
                    "eas_attestation",
                    8453,
                    "\"schemaId\":\""
                        + RAW_SCHEMA
                        + "\",\"indexer\":\""
                        + RAW_INDEXER
                        + "\",\"attester\":\""
                        + RAW_ATTESTER
                        + "\"")),
            chain(8453)
                .lookup(RAW_INDEXER, GET_ATTESTATION_UID, WALLET, RAW_SCHEMA, rawUid)
                .attestation(
                    rawUid, easRecord(rawUid, RAW_SCHEMA, 0, 0, WALLET, RAW_ATTESTER, "0x"))));
    cases.add(
        Case.v2(
            "eas-raw-unmet-no-attestation",
            body(
                condition(
                    "eas_attestation",
                    10,
                    "\"schemaId\":\"" + RAW_SCHEMA + "\",\"indexer\":\"" + RAW_INDEXER + "\"")),
            chain(10).lookup(RAW_INDEXER, GET_ATTESTATION_UID, WALLET, RAW_SCHEMA, uid(0))));
    Chain expiring = chain(10);
    String expiredUid = uid(2);
    cases.add(
        Case.v2(
            "eas-raw-unmet-expires-at-anchor",
            body(
                condition(
                    "eas_attestation",
                    10,
                    "\"schemaId\":\"" + RAW_SCHEMA + "\",\"indexer\":\"" + RAW_INDEXER + "\"")),
            expiring
                .lookup(RAW_INDEXER, GET_ATTESTATION_UID, WALLET, RAW_SCHEMA, expiredUid)
                .attestation(
                    expiredUid,
                    easRecord(
                        expiredUid,
                        RAW_SCHEMA,
                        expiring.epochSecond(),
                        0,
                        WALLET,
                        RAW_ATTESTER,
                        "0x"))));
    cases.add(
        exchangeTemplate(
            "eas-template-exchange-verified-account",
            "exchange_verified_account",
            "",
            VERIFIED_ACCOUNT,
            0));
    cases.add(
        exchangeTemplate(
            "eas-template-exchange-verified-country-revoked",
            "exchange_verified_country",
            ",\"chainId\":8453",
            VERIFIED_COUNTRY,
            1_750_000_000L));
    cases.add(exchangeTemplate("eas-template-exchange-one", "exchange_one", "", EXCHANGE_ONE, 0));
    cases.add(
        passportTemplate(
            "eas-template-humanity-passport-score", "humanity_passport_score", 205_000, 4));
    cases.add(
        passportTemplate(
            "eas-template-humanity-passport-score-below", "humanity_passport_score", 199_999, 4));
    cases.add(
        passportTemplate(
            "eas-template-humanity-passport-active", "humanity_passport_active", 1, 4));
    cases.add(
        Case.v2(
            "farcaster-id-met",
            body("{\"type\":\"farcaster_id\",\"chainId\":10}"),
            chain(10).call(ID_REGISTRY, "idOf(address)", List.of(WALLET), word(47_291))));
    cases.add(
        Case.v2(
            "farcaster-id-unmet",
            body("{\"type\":\"farcaster_id\",\"label\":\"no fid\"}"),
            chain(10).call(ID_REGISTRY, "idOf(address)", List.of(WALLET), word(0))));
    cases.add(
        Case.v2(
            "evm-view-call-true",
            body(viewCall(8453, "isVerified(address)")),
            chain(8453).call(VIEW_CONTRACT, "isVerified(address)", List.of(WALLET), word(1))));
    cases.add(
        Case.v2(
            "evm-view-call-false",
            body(viewCall(1, "hasRole_(address)")),
            chain(1).call(VIEW_CONTRACT, "hasRole_(address)", List.of(WALLET), word(0))));
    cases.add(
        Case.v2(
            "evm-view-call-revert",
            body(viewCall(42161, "isMember(address)")),
            chain(42161).revert(VIEW_CONTRACT, "isMember(address)", List.of(WALLET))));
    cases.add(
        Case.v2(
            "ratio-to-amount-erc20",
            body(
                condition(
                    "ratio_to_amount",
                    1,
                    "\"contractAddress\":\""
                        + USDC
                        + "\",\"multiple\":\"3\",\"amount\":\"100.25\",\"decimals\":6")),
            chain(1).erc20(USDC, 6).balanceOf(USDC, WALLET, 300_750_000)));
    cases.add(
        Case.v1(
            "ratio-to-amount-native-v1",
            body(
                condition(
                    "ratio_to_amount",
                    56,
                    "\"contractAddress\":\"native\",\"multiple\":2.5,\"amount\":0.1")),
            chain(56).nativeBalance(WALLET, ETH.divide(BigInteger.valueOf(5)))));
    cases.add(
        Case.v2(
            "ratio-to-supply-met",
            body(
                condition(
                    "ratio_to_supply",
                    8453,
                    "\"contractAddress\":\"" + SUPPLY_TOKEN + "\",\"minFraction\":\"0.01\"")),
            chain(8453)
                .erc20(SUPPLY_TOKEN, 18)
                .balanceOf(SUPPLY_TOKEN, WALLET, ETH.multiply(BigInteger.valueOf(12_345)))
                .totalSupply(SUPPLY_TOKEN, ETH.multiply(BigInteger.valueOf(1_000_000)))));
    cases.add(
        Case.v1(
            "ratio-to-supply-zero-supply-v1",
            body(
                condition(
                    "ratio_to_supply",
                    1,
                    "\"contractAddress\":\"" + SUPPLY_TOKEN + "\",\"minFraction\":0.5")),
            chain(1)
                .erc20(SUPPLY_TOKEN, 18)
                .balanceOf(SUPPLY_TOKEN, WALLET, BigInteger.ZERO)
                .totalSupply(SUPPLY_TOKEN, BigInteger.ZERO)));
    cases.add(
        Case.v2(
            "account-code-none",
            body(condition("account_code", 1, "\"expect\":\"none\"")),
            chain(1).code(WALLET, "0x")));
    cases.add(
        Case.v2(
            "account-code-eip7702-delegate",
            body(
                condition(
                    "account_code",
                    1,
                    "\"expect\":\"eip7702\",\"delegate\":\""
                        + DELEGATE.toUpperCase(Locale.ROOT).replace("0X", "0x")
                        + "\"")),
            chain(1).code(WALLET, DESIGNATOR)));
    cases.add(
        Case.v2(
            "account-code-eip7702-other-delegate",
            body(
                condition(
                    "account_code",
                    8453,
                    "\"expect\":\"eip7702\",\"delegate\":\"" + OTHER_DELEGATE + "\"")),
            chain(8453).code(WALLET, DESIGNATOR)));
    cases.add(
        Case.v2(
            "account-code-eip7702-any-delegate",
            body(condition("account_code", 10, "\"expect\":\"eip7702\"")),
            chain(10).code(WALLET, DESIGNATOR)));
    cases.add(
        Case.v2(
            "account-code-contract",
            body(
                condition("account_code", 42161, "\"expect\":\"contract\""),
                condition("account_code", 42161, "\"expect\":\"none\"")),
            chain(42161).code(WALLET, CONTRACT_CODE)));
    cases.add(
        Case.v2(
            "several-chains-labels",
            body(
                labelled(
                    "\u00e9t\u00e9 \\\"quoted\\\" \uD83D\uDE00",
                    "token_balance",
                    1,
                    "\"contractAddress\":\"" + USDC + "\",\"threshold\":\"1\""),
                labelled("base view", "evm_view_call", 8453, viewMembers("isVerified(address)")),
                "{\"type\":\"farcaster_id\",\"label\":\"\"}",
                labelled(
                    "polygon nft",
                    "nft_ownership",
                    137,
                    "\"contractAddress\":\"" + POLYGON_COLLECTION + "\""),
                labelled("smart account", "account_code", 42161, "\"expect\":\"contract\""),
                labelled(
                    "base gas",
                    "token_balance",
                    8453,
                    "\"contractAddress\":\"native\",\"threshold\":\"0.01\"")),
            chain(1).erc20(USDC, 6).balanceOf(USDC, WALLET, 999_999),
            chain(8453)
                .call(VIEW_CONTRACT, "isVerified(address)", List.of(WALLET), word(1))
                .nativeBalance(WALLET, ETH),
            chain(10).call(ID_REGISTRY, "idOf(address)", List.of(WALLET), word(3)),
            chain(137).erc721BalanceOf(POLYGON_COLLECTION, WALLET, 1),
            chain(42161).code(WALLET, CONTRACT_CODE)));
    cases.add(merkleDeclined());
    cases.add(merkleObtained());
    cases.add(
        Case.v2(
            "jwt-several-chains",
            "{\"wallet\":\""
                + WALLET
                + "\",\"format\":\"jwt\",\"declaredLimits\":\"omit\",\"conditions\":["
                + labelled(
                    "usdc",
                    "token_balance",
                    8453,
                    "\"contractAddress\":\"" + USDC_BASE + "\",\"threshold\":\"25\"")
                + ","
                + condition("account_code", 1, "\"expect\":\"none\"")
                + "]}",
            chain(8453).erc20(USDC_BASE, 6).balanceOf(USDC_BASE, WALLET, 25_000_000),
            chain(1).code(WALLET, "0x")));
    cases.add(
        Case.v1(
            "jwt-v1-merkle",
            "{\"wallet\":\""
                + WALLET.toLowerCase(Locale.ROOT)
                + "\",\"format\":\"jwt\",\"proof\":\"merkle\",\"conditions\":["
                + condition(
                    "token_balance",
                    1,
                    "\"contractAddress\":\"" + USDC + "\",\"threshold\":10,\"decimals\":6")
                + ","
                + condition("nft_ownership", 1, "\"contractAddress\":\"" + BAYC + "\"")
                + "]}",
            chain(1)
                .erc20(USDC, 6)
                .balanceOf(USDC, WALLET, 10_000_000)
                .erc721BalanceOf(BAYC, WALLET, 0)
                .proof(
                    Proof.erc20(USDC, WALLET)
                        .obtained(
                            Obtained.account(0, "0", EMPTY_CODE_HASH)
                                .slot("solidity", 9, BigInteger.valueOf(10_000_000))))));
    return cases;
  }

  /** Every type's own reason, a chain without proofs, and proofs not read, failed or declined. */
  private static Case merkleDeclined() {
    String uidRead = uid(3);
    return Case.v2(
        "merkle-declined",
        "{\"wallet\":\""
            + WALLET
            + "\",\"proof\":\"merkle\",\"conditions\":["
            + String.join(
                ",",
                condition("nft_ownership", 1, "\"contractAddress\":\"" + BAYC + "\""),
                viewCall(8453, "isVerified(address)"),
                condition(
                    "eas_attestation",
                    8453,
                    "\"schemaId\":\"" + RAW_SCHEMA + "\",\"indexer\":\"" + RAW_INDEXER + "\""),
                "{\"type\":\"farcaster_id\"}",
                condition(
                    "ratio_to_supply",
                    8453,
                    "\"contractAddress\":\"" + SUPPLY_TOKEN + "\",\"minFraction\":\"0.5\""),
                condition(
                    "token_balance", 324, "\"contractAddress\":\"native\",\"threshold\":\"1\""),
                condition(
                    "token_balance", 1, "\"contractAddress\":\"" + USDC + "\",\"threshold\":\"1\""),
                condition("token_balance", 1, "\"contractAddress\":\"native\",\"threshold\":\"1\""),
                condition(
                    "token_balance",
                    8453,
                    "\"contractAddress\":\"" + USDC_BASE + "\",\"threshold\":\"1\""),
                condition("account_code", 10, "\"expect\":\"none\""))
            + "]}",
        chain(1)
            .erc721BalanceOf(BAYC, WALLET, 1)
            .erc20(USDC, 6)
            .balanceOf(USDC, WALLET, 5_000_000)
            .nativeBalance(WALLET, ETH)
            .proof(Proof.balance(WALLET).failed()),
        chain(8453)
            .call(VIEW_CONTRACT, "isVerified(address)", List.of(WALLET), word(1))
            .lookup(RAW_INDEXER, GET_ATTESTATION_UID, WALLET, RAW_SCHEMA, uidRead)
            .attestation(uidRead, easRecord(uidRead, RAW_SCHEMA, 0, 0, WALLET, RAW_ATTESTER, "0x"))
            .erc20(SUPPLY_TOKEN, 18)
            .balanceOf(SUPPLY_TOKEN, WALLET, ETH)
            .totalSupply(SUPPLY_TOKEN, ETH.multiply(BigInteger.TEN))
            .erc20(USDC_BASE, 6)
            .balanceOf(USDC_BASE, WALLET, 1_000_000)
            .proof(
                Proof.erc20(USDC_BASE, WALLET)
                    .declined("no storage slot holds the balance among the searched layouts")),
        chain(10)
            .call(ID_REGISTRY, "idOf(address)", List.of(WALLET), word(7))
            .code(WALLET, "0x")
            .proof(
                Proof.code(WALLET)
                    .obtained(Obtained.account(0, "0", EMPTY_CODE_HASH.replace("c5", "c6")))),
        chain(324).nativeBalance(WALLET, ETH.multiply(BigInteger.TWO)));
  }

  /** Proofs delivered for each kind of target, next to ones whose values do not match the reads. */
  private static Case merkleObtained() {
    return Case.v2(
        "merkle-obtained",
        "{\"wallet\":\""
            + WALLET
            + "\",\"proof\":\"merkle\",\"conditions\":["
            + String.join(
                ",",
                labelled(
                    "usdc proven",
                    "token_balance",
                    1,
                    "\"contractAddress\":\"" + USDC + "\",\"threshold\":\"2\""),
                condition("account_code", 1, "\"expect\":\"none\""),
                condition(
                    "token_balance", 8453, "\"contractAddress\":\"native\",\"threshold\":\"0.5\""),
                condition(
                    "account_code", 10, "\"expect\":\"eip7702\",\"delegate\":\"" + DELEGATE + "\""),
                condition(
                    "ratio_to_amount",
                    137,
                    "\"contractAddress\":\""
                        + WETH_POLYGON
                        + "\",\"multiple\":\"1.5\",\"amount\":\"2\""),
                condition(
                    "token_balance",
                    42161,
                    "\"contractAddress\":\"" + USDC_BASE + "\",\"threshold\":\"3\""),
                condition(
                    "token_balance", 42161, "\"contractAddress\":\"native\",\"threshold\":\"1\""),
                condition("account_code", 56, "\"expect\":\"contract\""))
            + "]}",
        chain(1)
            .erc20(USDC, 6)
            .balanceOf(USDC, WALLET, 2_000_000)
            .code(WALLET, "0x")
            .proof(
                Proof.erc20(USDC, WALLET)
                    .obtained(
                        Obtained.account(1, "0", keccak(CONTRACT_CODE))
                            .slot("solidity", 9, BigInteger.valueOf(2_000_000))))
            .proof(Proof.code(WALLET).obtained(Obtained.account(0, "0", "0x" + "00".repeat(32)))),
        chain(8453)
            .nativeBalance(WALLET, ETH)
            .proof(
                Proof.balance(WALLET)
                    .obtained(Obtained.account(12, ETH.toString(), EMPTY_CODE_HASH))),
        chain(10)
            .code(WALLET, DESIGNATOR)
            .proof(Proof.code(WALLET).obtained(Obtained.account(3, "1000", keccak(DESIGNATOR)))),
        chain(137)
            .erc20(WETH_POLYGON, 18)
            .balanceOf(WETH_POLYGON, WALLET, ETH.multiply(BigInteger.valueOf(3)))
            .proof(
                Proof.erc20(WETH_POLYGON, WALLET)
                    .obtained(
                        Obtained.account(1, "0", keccak(CONTRACT_CODE))
                            .slot("vyper", 3, ETH.multiply(BigInteger.valueOf(3))))),
        chain(42161)
            .erc20(USDC_BASE, 6)
            .balanceOf(USDC_BASE, WALLET, 3_000_000)
            .nativeBalance(WALLET, ETH)
            .proof(
                Proof.erc20(USDC_BASE, WALLET)
                    .obtained(
                        Obtained.account(1, "0", keccak(CONTRACT_CODE))
                            .slot("solidity", 0, BigInteger.valueOf(2_999_999))))
            .proof(
                Proof.balance(WALLET)
                    .obtained(
                        Obtained.account(
                            0, ETH.subtract(BigInteger.ONE).toString(), EMPTY_CODE_HASH))),
        chain(56)
            .code(WALLET, CONTRACT_CODE)
            .proof(Proof.code(WALLET).obtained(Obtained.account(1, "0", keccak(CONTRACT_CODE)))));
  }

  private static Case exchangeTemplate(
      String name, String template, String chainMember, String schema, long revokedAt) {
    String found = uid(name.length());
    return Case.v2(
        name,
        body("{\"type\":\"eas_attestation\",\"template\":\"" + template + "\"" + chainMember + "}"),
        chain(8453)
            .lookup(EXCHANGE_INDEXER, GET_ATTESTATION_UID, WALLET, schema, found)
            .attestation(
                found, easRecord(found, schema, 0, revokedAt, WALLET, EXCHANGE_ATTESTER, "0x")));
  }

  private static Case passportTemplate(String name, String template, long score, int decimals) {
    String found = uid(name.length());
    Chain op = chain(10);
    return Case.v2(
        name,
        body("{\"type\":\"eas_attestation\",\"template\":\"" + template + "\"}"),
        op.lookup(PASSPORT_RESOLVER, GET_USER_ATTESTATION, WALLET, PASSPORT_SCHEMA, found)
            .attestation(
                found,
                easRecord(
                    found,
                    PASSPORT_SCHEMA,
                    op.epochSecond() + 90L * 24 * 3600,
                    0,
                    WALLET,
                    PASSPORT_ATTESTER,
                    passportScore(score >= 200_000, decimals, score, 200_000))));
  }

  // --- the golden check ------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void evaluatedAndSigned_reproducesTheCommittedPreimageAndData(Case c) throws IOException {
    Signed signed = corpus(c);
    assertThat(verifier().report(signed.dataJson()).valid())
        .as("case %s: the freshly signed data verifies", c.name())
        .isTrue();
    byte[] preimage = signed.preimage();
    byte[] data = withoutSignatures(signed.dataJson()).getBytes(StandardCharsets.UTF_8);
    if (WRITE) {
      Files.createDirectories(GOLDEN);
      Files.write(GOLDEN.resolve(c.name() + ".preimage.txt"), preimage);
      Files.write(GOLDEN.resolve(c.name() + ".data.json"), data);
    }
    assertSameBytes(c, ".preimage.txt", preimage);
    assertSameBytes(c, ".data.json", data);
  }

  @Test
  void corpusFolder_holdsExactlyTheFilesOfTheCases() throws IOException {
    Set<String> expected = new TreeSet<>();
    for (Case c : cases()) {
      expected.add(c.name() + ".preimage.txt");
      expected.add(c.name() + ".data.json");
    }
    assertThat(expected).hasSize(2 * cases().size());
    if (WRITE) {
      Files.createDirectories(GOLDEN);
      for (String stale : files()) {
        if (!expected.contains(stale)) {
          Files.delete(GOLDEN.resolve(stale));
        }
      }
      // The cases write their own files, possibly after this test: only staleness is checked.
      assertThat(expected).containsAll(files());
      return;
    }
    Set<String> present = files();
    assertThat(present).containsExactlyElementsOf(expected);
  }

  private static Set<String> files() throws IOException {
    try (Stream<Path> files = Files.list(GOLDEN)) {
      return files
          .map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void withoutSignatures_keepsEverythingButTheSignatureBytes() {
    String data =
        "{\"attestation\":{\"id\":\"x\"},\"sig\":\"AAA=\",\"kid\":\"k\",\"jwt\":\"h.p.s1\","
            + "\"pqSig\":\"BBB=\",\"pqKid\":\"q\",\"pqJwt\":\"h2.p.s2\"}";
    assertThat(withoutSignatures(data))
        .isEqualTo(
            "{\"attestation\":{\"id\":\"x\"},\"sig\":\"<signature>\",\"kid\":\"k\","
                + "\"jwt\":\"h.p.<signature>\",\"pqSig\":\"<signature>\",\"pqKid\":\"q\","
                + "\"pqJwt\":\"h2.p.<signature>\"}");
  }

  private static void assertSameBytes(Case c, String suffix, byte[] actual) throws IOException {
    Path file = GOLDEN.resolve(c.name() + suffix);
    if (!Files.exists(file)) {
      fail("case %s: no golden file %s (generate with -Dgolden.write=true)", c.name(), file);
    }
    byte[] expected = Files.readAllBytes(file);
    if (Arrays.equals(expected, actual)) {
      return;
    }
    int at = Arrays.mismatch(expected, actual);
    fail(
        "case %s: %s differs from the golden file at byte %d (golden %d bytes, now %d)%n"
            + "  golden: …%s…%n  now:    …%s…",
        c.name(),
        c.name() + suffix,
        at,
        expected.length,
        actual.length,
        around(expected, at),
        around(actual, at));
  }

  private static String around(byte[] bytes, int at) {
    int from = Math.max(0, at - 40);
    int to = Math.min(bytes.length, at + 40);
    return new String(bytes, from, to - from, StandardCharsets.UTF_8);
  }

  /**
   * The issued data text with the randomized parts replaced: {@code sig} and {@code pqSig} by the
   * placeholder, and the signature segment of {@code jwt} and {@code pqJwt}. Every other byte is
   * kept as issued.
   */
  static String withoutSignatures(String data) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String out = data;
    for (String member : List.of("sig", "pqSig", "jwt", "pqJwt")) {
      JsonNode value = tree.get(member);
      if (value == null) {
        continue;
      }
      String text = value.asText();
      String replacement =
          member.endsWith("Jwt") || member.equals("jwt")
              ? text.substring(0, text.lastIndexOf('.') + 1) + SIGNATURE
              : SIGNATURE;
      String needle = "\"" + member + "\":\"" + text + "\"";
      int first = out.indexOf(needle);
      if (first < 0 || out.indexOf(needle, first + 1) >= 0) {
        throw new IllegalStateException("member " + member + " is not found exactly once");
      }
      out = out.replace(needle, "\"" + member + "\":\"" + replacement + "\"");
    }
    return out;
  }

  private static AttestationVerifier verifier() {
    return AttestationVerifier.builder(
            KeySet.parse(new PublishedKeySet(TestSigning.keys()).jwksJson()))
        .clock(TestSigning.clockInWindow())
        .pqRequiredFrom(Instant.parse("2026-01-01T00:00:00Z"))
        .build();
  }

  // --- the one place that runs the domain ------------------------------------------------------

  /** What a case signs: the P-256 preimage and the issued {@code data} text. */
  record Signed(byte[] preimage, String dataJson) {}

  /**
   * Runs one case the way the service does: parse the body, plan the reads, answer them from the
   * scripted node per chain (first round, then follow-ups, at one block, with the proofs set up),
   * evaluate, build the attestation with a fixed id and time, sign, and compute the preimage with
   * the SDK.
   */
  static Signed corpus(Case c) {
    KeyVersion key = c.keyV1() ? KeyVersion.V1 : KeyVersion.V2;
    AttestCommand command = AttestCommands.parse(requestBody(c.body()), key);
    ReadPlan plan = ReadPlan.of(command.request());
    Map<ChainId, ChainObservation> observations = new LinkedHashMap<>();
    for (ChainId chainId : plan.chains()) {
      Chain chain = c.chain(((ChainId.Evm) chainId).value());
      Node node = new Node(chain);
      ReadOutcomes outcomes = ReadOutcomes.answering(evmReads(plan.reads(chainId)), node);
      outcomes =
          outcomes.plus(ReadOutcomes.answering(evmReads(plan.followUps(chainId, outcomes)), node));
      observations.put(
          chainId,
          new ChainObservation.Observed(
              new Anchor.EvmBlock(
                  BigInteger.valueOf(chain.blockNumber()),
                  Instant.ofEpochSecond(chain.epochSecond())),
              outcomes,
              node.proofs(plan.proofs(chainId))));
    }
    AttestEvaluation evaluation = AttestEvaluation.of(command.request(), observations);
    if (!(evaluation instanceof AttestEvaluation.Complete complete)) {
      throw new IllegalStateException("case " + c.name() + " did not evaluate: " + evaluation);
    }
    Attestation attestation =
        new Attestation(
            AttestationId.fromRandom(Arrays.copyOf(sha256(c.name()), 8)),
            complete.results(),
            TestSigning.ATTESTED_AT,
            TestSigning.ATTESTED_AT.plus(Attestation.LIFETIME));
    String data =
        TestSigning.signer()
            .sign(
                new SigningRequest(
                    attestation,
                    key,
                    command.format() == ResponseFormat.JWT,
                    command.request().wallets().subject().text()))
            .dataJson();
    byte[] preimage =
        Preimages.of(Namespace.SERVICE)
            .attestation(
                key == KeyVersion.V1 ? PreimageScheme.V1 : PreimageScheme.V2,
                CanonicalJson.parse(data).get("attestation"));
    return new Signed(preimage, data);
  }

  /** The plan's reads as EVM reads (every chain of the corpus is an EVM chain). */
  private static Set<EvmRead<?>> evmReads(Collection<?> reads) {
    Set<EvmRead<?>> out = new LinkedHashSet<>();
    for (Object read : reads) {
      out.add((EvmRead<?>) read);
    }
    return out;
  }

  /**
   * A node scripted by a {@link Chain}: it answers exactly the requests the chain sets up and fails
   * the case on any other, so a change in what is read shows up here.
   */
  private static final class Node implements Function<EvmRequest, ReadOutcome> {
    private final Map<EvmRequest, ReadOutcome> answers = new LinkedHashMap<>();
    private final Map<ProofTarget, ProofOutcome> proofs = new LinkedHashMap<>();
    private final long chainId;

    Node(Chain chain) {
      chainId = chain.id();
      for (Call call : chain.calls()) {
        List<Bytes32> arguments = new ArrayList<>();
        for (String argument : call.arguments()) {
          arguments.add(
              argument.length() == 42
                  ? Bytes32.of(EvmAddress.of(argument))
                  : Bytes32.parse(argument, "argument"));
        }
        EvmRequest request =
            new EvmRequest.EthCall(
                EvmAddress.of(call.to()),
                FunctionSignature.of(call.signature()).encodeCall(arguments));
        answers.put(
            request,
            call.returnData() == null
                ? ReadOutcome.reverted()
                : ReadOutcome.data(Bytes.fromHex(call.returnData())));
      }
      chain
          .balances()
          .forEach(
              (account, wei) ->
                  answers.put(
                      new EvmRequest.EthGetBalance(EvmAddress.of(account)),
                      ReadOutcome.quantity(wei)));
      chain
          .codes()
          .forEach(
              (account, code) ->
                  answers.put(
                      new EvmRequest.EthGetCode(EvmAddress.of(account)),
                      ReadOutcome.data(Bytes.fromHex(code))));
      for (Proof proof : chain.proofs()) {
        proofs.put(target(proof), outcome(proof));
      }
    }

    @Override
    public ReadOutcome apply(EvmRequest request) {
      ReadOutcome answer = answers.get(request);
      if (answer == null) {
        throw new IllegalStateException(
            "chain " + chainId + " has no answer set up for " + request);
      }
      return answer;
    }

    Map<ProofTarget, ProofOutcome> proofs(Set<ProofTarget> targets) {
      Map<ProofTarget, ProofOutcome> out = new LinkedHashMap<>();
      for (ProofTarget target : targets) {
        if (proofs.containsKey(target)) {
          out.put(target, proofs.get(target));
        }
      }
      return out;
    }

    private static ProofTarget target(Proof proof) {
      EvmAddress account = EvmAddress.of(proof.account());
      return switch (proof.target()) {
        case "erc20" -> new ProofTarget.Erc20Balance(account, EvmAddress.of(proof.holder()));
        case "balance" -> new ProofTarget.AccountBalance(account);
        case "code" -> new ProofTarget.AccountCode(account);
        default -> throw new IllegalArgumentException(proof.target());
      };
    }

    private static ProofOutcome outcome(Proof proof) {
      if (proof.obtained() == null) {
        return proof.reason() == null
            ? new ProofOutcome.Failed("timeout")
            : new ProofOutcome.Declined(proof.reason());
      }
      Obtained o = proof.obtained();
      EvmAddress account = EvmAddress.of(proof.account());
      List<AccountProof.StorageProof> slots = new ArrayList<>();
      Optional<BalanceLayout> layout = Optional.empty();
      if (o.layout() != null) {
        BalanceLayout found =
            new BalanceLayout(
                o.layout().equals("vyper")
                    ? BalanceLayout.KeyOrder.VYPER
                    : BalanceLayout.KeyOrder.SOLIDITY,
                Bytes32.of(BigInteger.valueOf(o.mappingSlot())));
        layout = Optional.of(found);
        slots.add(
            new AccountProof.StorageProof(
                found.storageKey(EvmAddress.of(proof.holder())),
                o.slotValue(),
                nodes(o.slotNodes())));
      }
      return new ProofOutcome.Obtained(
          new AccountProof(
              account,
              BigInteger.valueOf(o.nonce()),
              new BigInteger(o.balance()),
              Bytes32.parse(o.storageHash(), "storageHash"),
              Bytes32.parse(o.codeHash(), "codeHash"),
              nodes(o.accountNodes()),
              slots),
          layout);
    }

    private static List<Bytes> nodes(List<String> hex) {
      return hex.stream().map(Bytes::fromHex).toList();
    }
  }

  /** A request body as the HTTP adapter reads it: members in order, numbers exact as sent. */
  private static RequestValue.Obj requestBody(String json) {
    try (JsonParser parser = new JsonFactory().createParser(json)) {
      return (RequestValue.Obj) requestValue(parser, parser.nextToken());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RequestValue requestValue(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT:
        {
          Map<String, RequestValue> members = new LinkedHashMap<>();
          for (JsonToken t = parser.nextToken();
              t != JsonToken.END_OBJECT;
              t = parser.nextToken()) {
            String name = parser.currentName();
            members.put(name, requestValue(parser, parser.nextToken()));
          }
          return new RequestValue.Obj(members);
        }
      case START_ARRAY:
        {
          List<RequestValue> items = new ArrayList<>();
          for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            items.add(requestValue(parser, t));
          }
          return new RequestValue.Arr(items);
        }
      case VALUE_STRING:
        return new RequestValue.Text(parser.getText());
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new RequestValue.Number(new BigDecimal(parser.getText()), parser.getText());
      case VALUE_TRUE:
        return new RequestValue.Bool(true);
      case VALUE_FALSE:
        return new RequestValue.Bool(false);
      case VALUE_NULL:
        return RequestValue.NULL;
      default:
        throw new IllegalArgumentException("unexpected JSON token " + token);
    }
  }

  // --- case and chain descriptions (plain data) ------------------------------------------------

  /**
   * One attest request.
   *
   * @param name the golden files' base name
   * @param keyV1 whether the caller's key is a v1 key (else v2)
   * @param body the request body as sent
   * @param chains the node of every chain the request reads
   */
  record Case(String name, boolean keyV1, String body, List<Chain> chains) {
    static Case v1(String name, String body, Chain... chains) {
      return new Case(name, true, body, List.of(chains));
    }

    static Case v2(String name, String body, Chain... chains) {
      return new Case(name, false, body, List.of(chains));
    }

    Chain chain(long id) {
      return chains.stream()
          .filter(chain -> chain.id() == id)
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("case " + name + " sets up no chain " + id));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** An {@code eth_call} and its return data ({@code null}: the call reverts). */
  record Call(String to, String signature, List<String> arguments, String returnData) {}

  /**
   * What the node gives for one proof target: a proof ({@code obtained}), a reason it is declined,
   * or neither (the proof read failed).
   *
   * @param target {@code erc20}, {@code balance} or {@code code}
   * @param account the token for {@code erc20}, else the account proven
   */
  record Proof(String target, String account, String holder, Obtained obtained, String reason) {
    static Proof erc20(String token, String holder) {
      return new Proof("erc20", token, holder, null, null);
    }

    static Proof balance(String account) {
      return new Proof("balance", account, null, null, null);
    }

    static Proof code(String account) {
      return new Proof("code", account, null, null, null);
    }

    Proof obtained(Obtained proof) {
      return new Proof(target, account, holder, proof, null);
    }

    Proof declined(String why) {
      return new Proof(target, account, holder, null, why);
    }

    Proof failed() {
      return this;
    }
  }

  /** An {@code eth_getProof} answer; {@code layout} is set for an ERC-20 balance slot. */
  record Obtained(
      long nonce,
      String balance,
      String codeHash,
      String storageHash,
      List<String> accountNodes,
      String layout,
      long mappingSlot,
      BigInteger slotValue,
      List<String> slotNodes) {
    static Obtained account(long nonce, String balanceWei, String codeHash) {
      return new Obtained(
          nonce,
          balanceWei,
          codeHash,
          "0x" + "3c".repeat(32),
          List.of("0xf8518080a0" + "11".repeat(32), "0xe2a0" + "22".repeat(32)),
          null,
          0,
          null,
          List.of());
    }

    Obtained slot(String order, long slot, BigInteger value) {
      return new Obtained(
          nonce,
          balance,
          codeHash,
          storageHash,
          accountNodes,
          order,
          slot,
          value,
          List.of("0xe5a0" + "44".repeat(32), "0xc2" + "2080"));
    }
  }

  /** One EVM chain at one block, as the scripted node answers it. */
  static final class Chain {
    private final long id;
    private final List<Call> calls = new ArrayList<>();
    private final Map<String, BigInteger> balances = new LinkedHashMap<>();
    private final Map<String, String> codes = new LinkedHashMap<>();
    private final List<Proof> proofs = new ArrayList<>();

    Chain(long id) {
      this.id = id;
    }

    long id() {
      return id;
    }

    /** A block number of its own per chain. */
    long blockNumber() {
      return 25_800_000L + id % 100_000;
    }

    /** Seconds before the attestation's time, different per chain. */
    long epochSecond() {
      return Instant.parse("2026-11-20T10:15:00Z").getEpochSecond() + id % 29;
    }

    List<Call> calls() {
      return calls;
    }

    Map<String, BigInteger> balances() {
      return balances;
    }

    Map<String, String> codes() {
      return codes;
    }

    List<Proof> proofs() {
      return proofs;
    }

    Chain call(String to, String signature, List<String> arguments, String returnData) {
      calls.add(new Call(to, signature, List.copyOf(arguments), returnData));
      return this;
    }

    Chain revert(String to, String signature, List<String> arguments) {
      return call(to, signature, arguments, null);
    }

    Chain erc20(String token, int decimals) {
      return call(token, "decimals()", List.of(), word(decimals));
    }

    Chain balanceOf(String token, String holder, long baseUnits) {
      return balanceOf(token, holder, BigInteger.valueOf(baseUnits));
    }

    Chain balanceOf(String token, String holder, BigInteger baseUnits) {
      return call(token, "balanceOf(address)", List.of(holder), word(baseUnits));
    }

    /** A collection's balance; the collection declares ERC-721 (ERC-165), as nft_ownership asks. */
    Chain erc721BalanceOf(String collection, String owner, long count) {
      call(
          collection, "supportsInterface(bytes4)", List.of("0x80ac58cd" + "0".repeat(56)), word(1));
      return balanceOf(collection, owner, count);
    }

    Chain totalSupply(String token, BigInteger baseUnits) {
      return call(token, "totalSupply()", List.of(), word(baseUnits));
    }

    Chain nativeBalance(String account, BigInteger wei) {
      balances.put(account, wei);
      return this;
    }

    Chain code(String account, String hex) {
      codes.put(account, hex);
      return this;
    }

    /** An attestation lookup naming {@code uid} for the recipient and schema. */
    Chain lookup(String contract, String function, String recipient, String schema, String uid) {
      return call(contract, function, List.of(recipient, schema), uid);
    }

    /** EAS's answer for {@code uid}. */
    Chain attestation(String uid, String returnData) {
      return call(EAS, GET_ATTESTATION, List.of(uid), returnData);
    }

    Chain proof(Proof proof) {
      proofs.add(proof);
      return this;
    }
  }

  private static Chain chain(long id) {
    return new Chain(id);
  }

  // --- body and ABI text -----------------------------------------------------------------------

  private static String body(String... conditions) {
    return "{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + String.join(",", conditions) + "]}";
  }

  private static String condition(String type, long chainId, String members) {
    return "{\"type\":\"" + type + "\",\"chainId\":" + chainId + "," + members + "}";
  }

  private static String labelled(String label, String type, long chainId, String members) {
    return "{\"label\":\""
        + label
        + "\",\"type\":\""
        + type
        + "\",\"chainId\":"
        + chainId
        + ","
        + members
        + "}";
  }

  private static String viewCall(long chainId, String selector) {
    return condition("evm_view_call", chainId, viewMembers(selector));
  }

  private static String viewMembers(String selector) {
    return "\"contractAddress\":\"" + VIEW_CONTRACT + "\",\"selector\":\"" + selector + "\"";
  }

  private static String word(long value) {
    return word(BigInteger.valueOf(value));
  }

  private static String word(BigInteger value) {
    return "0x" + hexWord(value);
  }

  private static String hexWord(BigInteger value) {
    String hex = value.toString(16);
    return "0".repeat(64 - hex.length()) + hex;
  }

  private static String addressWord(String address) {
    return "0".repeat(24) + address.substring(2).toLowerCase(Locale.ROOT);
  }

  /** A recognisable non-zero UID ({@code 0} gives the zero UID). */
  private static String uid(long n) {
    return n == 0 ? "0x" + "00".repeat(32) : "0x" + "a7".repeat(28) + String.format("%08x", n);
  }

  /** {@code getAttestation(uid)}'s return data: one dynamic tuple of the EAS struct. */
  private static String easRecord(
      String uid,
      String schema,
      long expirationTime,
      long revocationTime,
      String recipient,
      String attester,
      String data) {
    String bytes = data.substring(2);
    int length = bytes.length() / 2;
    int padded = (length + 31) / 32 * 32;
    return "0x"
        + hexWord(BigInteger.valueOf(32))
        + uid.substring(2)
        + schema.substring(2)
        + hexWord(BigInteger.valueOf(1_700_000_000L))
        + hexWord(BigInteger.valueOf(expirationTime))
        + hexWord(BigInteger.valueOf(revocationTime))
        + "00".repeat(32)
        + addressWord(recipient)
        + addressWord(attester)
        + hexWord(BigInteger.ONE)
        + hexWord(BigInteger.valueOf(320))
        + hexWord(BigInteger.valueOf(length))
        + bytes
        + "00".repeat(padded - length);
  }

  /** Human Passport score-v2 data without stamps. */
  private static String passportScore(boolean passing, int decimals, long score, long threshold) {
    return "0x"
        + hexWord(passing ? BigInteger.ONE : BigInteger.ZERO)
        + hexWord(BigInteger.valueOf(decimals))
        + hexWord(BigInteger.valueOf(7922))
        + hexWord(BigInteger.valueOf(score))
        + hexWord(BigInteger.valueOf(threshold))
        + hexWord(BigInteger.valueOf(192))
        + hexWord(BigInteger.ZERO);
  }

  private static String keccak(String hex) {
    byte[] input = HexFormat.of().parseHex(hex.substring(2));
    return "0x" + HexFormat.of().formatHex(new Keccak.Digest256().digest(input));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
