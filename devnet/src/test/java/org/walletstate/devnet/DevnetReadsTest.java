package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.walletstate.devnet.Abi.lower;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.devnet.Abi.EasAttestation;
import org.walletstate.devnet.DevnetManifest.ChainInfo;
import org.walletstate.devnet.DevnetManifest.IndexEntry;

/** Reads the devnet's scenario with plain JSON-RPC, each read pinned to a block number. */
@ExtendWith(DevnetExtension.class)
class DevnetReadsTest {
  private static final long ETHEREUM = 1;
  private static final long BASE = 8453;
  private static final long OPTIMISM = 10;

  // selectors, from keccak256 of the signatures in the comments
  private static final String BALANCE_OF = "0x70a08231"; // balanceOf(address)
  private static final String DECIMALS = "0x313ce567"; // decimals()
  private static final String OWNER_OF = "0x6352211e"; // ownerOf(uint256)
  private static final String GET_ATTESTATION_UID =
      "0xab2717dd"; // getAttestationUid(address,bytes32)
  private static final String GET_USER_ATTESTATION =
      "0x79300e56"; // getUserAttestation(address,bytes32)
  private static final String USER_ATTESTATIONS = "0xd757e575"; // userAttestations(address,bytes32)
  private static final String SET_USER_ATTESTATION =
      "0x00660dfb"; // setUserAttestation(address,bytes32,bytes32)
  private static final String GET_ATTESTATION = "0xa3112a64"; // getAttestation(bytes32)
  private static final String ID_OF = "0xd94fe832"; // idOf(address)
  private static final String GET_AGENT_WALLET = "0x00339509"; // getAgentWallet(uint256)
  private static final String IS_ALLOWED = "0xbabcc539"; // isAllowed(address)
  private static final String ALWAYS_REVERTS = "0x555c60ef"; // alwaysReverts(address)
  private static final String GET_CHAIN_ID = "0x3408e470"; // getChainId()
  private static final String DISABLED_DELEGATIONS = "0x2d40d052"; // disabledDelegations(bytes32)
  // getReceivedAttestationUIDCount(address,bytes32), as EAS's own Indexer has it
  private static final String RECEIVED_COUNT = "0x2412e9cc";
  // getReceivedAttestationUIDs(address,bytes32,uint256,uint256,bool), as EAS's own Indexer has it
  private static final String RECEIVED_UIDS = "0xaf288efe";
  private static final String ZERO_UID = "0x" + "0".repeat(64);

  // production addresses, as the service's configuration names them
  private static final String EAS = "0x4200000000000000000000000000000000000021";
  private static final String EXCHANGE_INDEXER = "0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C";
  private static final String EXCHANGE_ATTESTER = "0x357458739F90461b99789350868CD7CF330Dd7EE";
  // Human Passport's schema resolver (GitcoinResolver): the passport templates' lookup
  private static final String PASSPORT_RESOLVER = "0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC";
  // EAS's own Indexer on OP Mainnet: no getAttestationUid
  private static final String EAS_INDEXER_OP = "0x6dd0CB3C3711c8B5d03b3790e5339Bbc2Bbcf934";
  private static final String PASSPORT_ATTESTER = "0x843829986e895facd330486a61Ebee9E1f1adB1a";
  private static final String VERIFIED_ACCOUNT =
      "0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9";
  private static final String PASSPORT_SCORE =
      "0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254";
  private static final String ID_REGISTRY = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b";
  private static final String AGENT_REGISTRY = "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432";
  private static final String MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
  private static final String DELEGATOR_IMPL = "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B";
  private static final String MANAGER_1_3_0 = "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3";
  private static final Map<Long, String> USDC =
      Map.of(
          ETHEREUM, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
          BASE, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");

  private final Devnet devnet;
  private final DevnetManifest manifest;

  DevnetReadsTest(Devnet devnet, DevnetManifest manifest) {
    this.devnet = devnet;
    this.manifest = manifest;
  }

  private String pinned(long chainId) {
    return JsonRpc.tag(manifest.chain(chainId).readyBlock());
  }

  private String call(long chainId, String to, String data) {
    return devnet.rpc(chainId).ethCall(to, data, pinned(chainId));
  }

  private String address(String wallet) {
    return manifest.wallet(wallet).address();
  }

  @Test
  void erc20Balances_withSixEighteenAndZeroDecimals_matchTheManifest() {
    ChainInfo base = manifest.chain(BASE);
    Map<String, Integer> decimals = Map.of("token6", 6, "token18", 18, "token0", 0);
    Map<String, String> symbols = Map.of("token6", "dUSD", "token18", "dETH", "token0", "dPTS");
    for (var e : decimals.entrySet()) {
      String token = base.address(e.getKey());
      assertThat(Abi.uint(call(BASE, token, DECIMALS), 0)).isEqualTo(e.getValue().intValue());
      BigInteger balance = Abi.uint(call(BASE, token, Abi.call(BALANCE_OF, address("holder"))), 0);
      assertThat(balance)
          .isEqualTo(manifest.wallet("holder").erc20Raw(BASE, symbols.get(e.getKey())))
          .isPositive();
      assertThat(Abi.uint(call(BASE, token, Abi.call(BALANCE_OF, address("empty"))), 0)).isZero();
    }
    assertThat(manifest.wallet("holder").erc20Raw(BASE, "dUSD"))
        .isEqualTo(new BigInteger("1500250000"));
  }

  @Test
  void erc721Balance_countsTheHoldersTokens_andTheContractAccountOwnsTokenThree() {
    String nft = manifest.chain(BASE).address("nft");
    assertThat(Abi.uint(call(BASE, nft, Abi.call(BALANCE_OF, address("holder"))), 0)).isEqualTo(2);
    assertThat(Abi.uint(call(BASE, nft, Abi.call(BALANCE_OF, address("empty"))), 0)).isZero();
    assertThat(Abi.address(call(BASE, nft, Abi.call(OWNER_OF, 3L)), 0))
        .isEqualTo(lower(address("contractAccount")));
  }

  @Test
  void usdc_atItsProductionAddresses_hasSixDecimalsAndTheHoldersBalance() {
    for (var e : USDC.entrySet()) {
      assertThat(manifest.chain(e.getKey()).address("usdc")).isEqualTo(e.getValue());
      assertThat(Abi.uint(call(e.getKey(), e.getValue(), DECIMALS), 0)).isEqualTo(6);
      assertThat(
              Abi.uint(call(e.getKey(), e.getValue(), Abi.call(BALANCE_OF, address("holder"))), 0))
          .isEqualTo(250_000_000);
    }
  }

  @Test
  void multicall3_answersAtTheCanonicalAddressOnEveryChain() {
    for (long chainId : manifest.chains().keySet()) {
      assertThat(Abi.uint(call(chainId, MULTICALL3, GET_CHAIN_ID), 0)).isEqualTo(chainId);
    }
  }

  @Test
  void exchangeAttestation_isFoundThroughTheIndexer_andReadFromThePredeploy() {
    String uidWord =
        call(
            BASE,
            EXCHANGE_INDEXER,
            Abi.call(GET_ATTESTATION_UID, address("holder"), VERIFIED_ACCOUNT));
    String uid = Abi.bytes32(uidWord, 0);
    assertThat(uid).isEqualTo(manifest.chain(BASE).attestation("holder.verifiedAccount").uid());

    EasAttestation a = EasAttestation.decode(call(BASE, EAS, Abi.call(GET_ATTESTATION, uid)));
    assertThat(a.uid()).isEqualTo(uid);
    assertThat(a.schema()).isEqualTo(VERIFIED_ACCOUNT);
    assertThat(a.recipient()).isEqualTo(lower(address("holder")));
    assertThat(a.attester()).isEqualTo(lower(EXCHANGE_ATTESTER));
    assertThat(a.revocationTime()).isZero();
    assertThat(a.expirationTime()).isZero();
    assertThat(Abi.uint(a.data(), 0)).isEqualTo(1); // bool verifiedAccount = true
  }

  @Test
  void nothingIsIndexedForTheEmptyWallet() {
    String word =
        call(
            BASE,
            EXCHANGE_INDEXER,
            Abi.call(GET_ATTESTATION_UID, address("empty"), VERIFIED_ACCOUNT));
    assertThat(Abi.uint(word, 0)).isZero();
  }

  @Test
  void everyLookupEntry_leadsToAnAttestationShowingItsCase_orToNothingOnceRevoked() {
    Map<Long, String> lookups = Map.of(BASE, EXCHANGE_INDEXER, OPTIMISM, PASSPORT_RESOLVER);
    Map<Long, String> functions =
        Map.of(
            BASE,
            "getAttestationUid(address,bytes32)",
            OPTIMISM,
            "getUserAttestation(address,bytes32)");
    Map<Long, String> selectors = Map.of(BASE, GET_ATTESTATION_UID, OPTIMISM, GET_USER_ATTESTATION);
    Map<Long, String> attesters = Map.of(BASE, EXCHANGE_ATTESTER, OPTIMISM, PASSPORT_ATTESTER);
    int checked = 0;
    int cleared = 0;
    for (long chainId : lookups.keySet()) {
      ChainInfo chain = manifest.chain(chainId);
      long headTime =
          JsonRpc.quantity(devnet.rpc(chainId).block(pinned(chainId)).path("timestamp").asText())
              .longValueExact();
      assertThat(chain.indexEntries()).extracting(IndexEntry::caseName).contains("valid");
      for (IndexEntry entry : chain.indexEntries()) {
        assertThat(entry.lookup()).isEqualTo(lookups.get(chainId));
        assertThat(entry.function()).isEqualTo(functions.get(chainId));
        String uid =
            Abi.bytes32(
                call(
                    chainId,
                    entry.lookup(),
                    Abi.call(selectors.get(chainId), entry.recipient(), entry.schema())),
                0);
        assertThat(uid).as(entry.toString()).isEqualTo(entry.uid());
        checked++;
        if (uid.equals(ZERO_UID)) {
          // only the passport resolver clears an entry, and only on revocation
          assertThat(chainId).as(entry.toString()).isEqualTo(OPTIMISM);
          assertThat(entry.caseName()).as(entry.toString()).isEqualTo("revoked");
          String revokedUid = chain.attestation(entry.attestation()).uid();
          EasAttestation revoked =
              EasAttestation.decode(call(chainId, EAS, Abi.call(GET_ATTESTATION, revokedUid)));
          assertThat(revoked.recipient()).isEqualTo(lower(entry.recipient()));
          assertThat(revoked.revocationTime()).as(entry.toString()).isPositive();
          cleared++;
          continue;
        }
        EasAttestation a =
            EasAttestation.decode(call(chainId, EAS, Abi.call(GET_ATTESTATION, uid)));
        boolean rightRecipient = a.recipient().equals(lower(entry.recipient()));
        boolean rightSchema = a.schema().equals(entry.schema());
        boolean rightAttester = a.attester().equals(lower(attesters.get(chainId)));
        boolean live =
            a.revocationTime() == 0 && (a.expirationTime() == 0 || a.expirationTime() > headTime);
        boolean allGood = rightRecipient && rightSchema && rightAttester && live;
        switch (entry.caseName()) {
          case "valid", "below_threshold" -> assertThat(allGood).as(entry.toString()).isTrue();
          case "revoked" -> assertThat(a.revocationTime()).as(entry.toString()).isPositive();
          case "expired" ->
              assertThat(a.expirationTime()).as(entry.toString()).isPositive().isLessThan(headTime);
          case "wrong_attester" -> assertThat(rightAttester).as(entry.toString()).isFalse();
          case "wrong_schema" -> assertThat(rightSchema).as(entry.toString()).isFalse();
          case "recipient_mismatch" -> assertThat(rightRecipient).as(entry.toString()).isFalse();
          default -> throw new AssertionError("unknown case " + entry.caseName());
        }
        if (!entry.caseName().startsWith("valid") && !entry.caseName().equals("below_threshold")) {
          assertThat(allGood).as("a non-valid case must fail some check: " + entry).isFalse();
        }
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(14);
    assertThat(cleared).isEqualTo(1);
  }

  @Test
  void passportLookup_onOptimism_givesTheHoldersValidScore_andNothingUsableWhenRevoked() {
    ChainInfo optimism = manifest.chain(OPTIMISM);
    String holderUid =
        Abi.bytes32(
            call(
                OPTIMISM,
                PASSPORT_RESOLVER,
                Abi.call(GET_USER_ATTESTATION, address("holder"), PASSPORT_SCORE)),
            0);
    assertThat(holderUid).isEqualTo(optimism.attestation("holder.passportScore").uid());
    assertThat(
            Abi.bytes32(
                call(
                    OPTIMISM,
                    PASSPORT_RESOLVER,
                    Abi.call(USER_ATTESTATIONS, address("holder"), PASSPORT_SCORE)),
                0))
        .as("the public mapping getter answers the same")
        .isEqualTo(holderUid);
    EasAttestation a =
        EasAttestation.decode(call(OPTIMISM, EAS, Abi.call(GET_ATTESTATION, holderUid)));
    assertThat(a.uid()).isEqualTo(holderUid);
    assertThat(a.schema()).isEqualTo(PASSPORT_SCORE);
    assertThat(a.recipient()).isEqualTo(lower(address("holder")));
    assertThat(a.attester()).isEqualTo(lower(PASSPORT_ATTESTER));
    assertThat(a.revocationTime()).isZero();
    assertThat(a.expirationTime()).isZero();
    assertThat(Abi.uint(a.data(), 3)).isEqualTo(255_000); // score 25.5 with 4 decimals

    // the resolver cleared the revoked wallet's entry when EAS revoked its attestation
    assertThat(
            Abi.bytes32(
                call(
                    OPTIMISM,
                    PASSPORT_RESOLVER,
                    Abi.call(GET_USER_ATTESTATION, address("revoked"), PASSPORT_SCORE)),
                0))
        .isEqualTo(ZERO_UID);
    assertThat(
            Abi.bytes32(
                call(
                    OPTIMISM,
                    PASSPORT_RESOLVER,
                    Abi.call(GET_USER_ATTESTATION, address("empty"), PASSPORT_SCORE)),
                0))
        .isEqualTo(ZERO_UID);
  }

  @Test
  void passportResolver_recordsTheAttestationWhenMade_andClearsItWhenRevoked() {
    var revoked = manifest.chain(OPTIMISM).attestation("revoked.passportScore");
    String lookup = Abi.call(GET_USER_ATTESTATION, address("revoked"), PASSPORT_SCORE);
    // the block of the attest transaction; the revocation is a later transaction
    String atAttest =
        devnet.rpc(OPTIMISM).ethCall(PASSPORT_RESOLVER, lookup, JsonRpc.tag(revoked.blockNumber()));
    assertThat(Abi.bytes32(atAttest, 0)).isEqualTo(revoked.uid());
    assertThat(Abi.bytes32(call(OPTIMISM, PASSPORT_RESOLVER, lookup), 0)).isEqualTo(ZERO_UID);
    EasAttestation a =
        EasAttestation.decode(call(OPTIMISM, EAS, Abi.call(GET_ATTESTATION, revoked.uid())));
    assertThat(a.revocationTime()).isPositive();
  }

  @Test
  void passportResolver_filesCraftedEntriesForItsOwnerOnly() {
    assertThatThrownBy(
            () ->
                call(
                    OPTIMISM,
                    PASSPORT_RESOLVER,
                    Abi.call(
                        SET_USER_ATTESTATION,
                        address("empty"),
                        PASSPORT_SCORE,
                        manifest.chain(OPTIMISM).attestation("holder.passportScore").uid())))
        .isInstanceOf(JsonRpcException.class);
  }

  @Test
  void passportScores_areEncodedPerTheScoreSchema_aboveAndBelowTwenty() {
    Map<String, long[]> expected =
        Map.of("holder", new long[] {255_000, 1}, "lowScore", new long[] {123_000, 0});
    for (var e : expected.entrySet()) {
      String uid =
          Abi.bytes32(
              call(
                  OPTIMISM,
                  PASSPORT_RESOLVER,
                  Abi.call(GET_USER_ATTESTATION, address(e.getKey()), PASSPORT_SCORE)),
              0);
      EasAttestation a = EasAttestation.decode(call(OPTIMISM, EAS, Abi.call(GET_ATTESTATION, uid)));
      assertThat(a.schema()).isEqualTo(PASSPORT_SCORE);
      assertThat(a.attester()).isEqualTo(lower(PASSPORT_ATTESTER));
      // (bool passing_score, uint8 score_decimals, uint128 scorer_id, uint32 score, uint32
      // threshold, ...)
      assertThat(Abi.uint(a.data(), 0)).isEqualTo(e.getValue()[1]);
      assertThat(Abi.uint(a.data(), 1)).isEqualTo(4);
      assertThat(Abi.uint(a.data(), 3)).isEqualTo(e.getValue()[0]);
      assertThat(Abi.uint(a.data(), 4)).isEqualTo(200_000);
    }
  }

  @Test
  void easIndexerOnOptimism_listsReceivedAttestations_andHasNoGetAttestationUid() {
    assertThat(
            Abi.uint(
                call(
                    OPTIMISM,
                    EAS_INDEXER_OP,
                    Abi.call(RECEIVED_COUNT, address("holder"), PASSPORT_SCORE)),
                0))
        .isEqualTo(1);
    // (address, bytes32, start 0, length 10, reverseOrder false) -> bytes32[]: offset, length, uids
    String page =
        call(
            OPTIMISM,
            EAS_INDEXER_OP,
            Abi.call(RECEIVED_UIDS, address("holder"), PASSPORT_SCORE, 0L, 10L, 0L));
    assertThat(Abi.uint(page, 1)).isEqualTo(1);
    assertThat(Abi.bytes32(page, 2))
        .isEqualTo(manifest.chain(OPTIMISM).attestation("holder.passportScore").uid());
    assertThat(
            Abi.uint(
                call(
                    OPTIMISM,
                    EAS_INDEXER_OP,
                    Abi.call(RECEIVED_COUNT, address("recipientMismatch"), PASSPORT_SCORE)),
                0))
        .as("crafted entries exist only in the resolver's lookup")
        .isZero();

    // a service asking EAS's Indexer (or the resolver) for getAttestationUid fails, as on OP
    // Mainnet
    for (String contract : new String[] {EAS_INDEXER_OP, PASSPORT_RESOLVER}) {
      assertThatThrownBy(
              () ->
                  call(
                      OPTIMISM,
                      contract,
                      Abi.call(GET_ATTESTATION_UID, address("holder"), PASSPORT_SCORE)))
          .as(contract)
          .isInstanceOf(JsonRpcException.class);
    }
    assertThat(manifest.chain(OPTIMISM).address("easIndexer")).isEqualTo(EAS_INDEXER_OP);
    assertThat(manifest.chain(OPTIMISM).address("passportResolver")).isEqualTo(PASSPORT_RESOLVER);
  }

  @Test
  void farcasterIdOf_onOptimism_isSetForTwoWalletsAndZeroOtherwise() {
    assertThat(Abi.uint(call(OPTIMISM, ID_REGISTRY, Abi.call(ID_OF, address("holder"))), 0))
        .isEqualTo(1001);
    assertThat(Abi.uint(call(OPTIMISM, ID_REGISTRY, Abi.call(ID_OF, address("delegated7702"))), 0))
        .isEqualTo(1002);
    assertThat(Abi.uint(call(OPTIMISM, ID_REGISTRY, Abi.call(ID_OF, address("empty"))), 0))
        .isZero();
    assertThat(manifest.wallet("holder").holdings(OPTIMISM).path("fid").asLong()).isEqualTo(1001);
  }

  @Test
  void agentRegistry_onBase_hasAnOwnerAndASignatureBoundWallet() {
    assertThat(Abi.address(call(BASE, AGENT_REGISTRY, Abi.call(OWNER_OF, 0L)), 0))
        .isEqualTo(lower(address("holder")));
    assertThat(Abi.address(call(BASE, AGENT_REGISTRY, Abi.call(GET_AGENT_WALLET, 0L)), 0))
        .isEqualTo(lower(address("agentOperator")));
    assertThatThrownBy(() -> call(BASE, AGENT_REGISTRY, Abi.call(GET_AGENT_WALLET, 99L)))
        .isInstanceOf(JsonRpcException.class);
  }

  @Test
  void codeStates_areNoneDesignatorAndContract_onEveryChain() {
    String designator = "0xef0100" + DELEGATOR_IMPL.substring(2).toLowerCase(java.util.Locale.ROOT);
    for (ChainInfo chain : manifest.chains().values()) {
      JsonRpc rpc = devnet.rpc(chain.chainId());
      String at = pinned(chain.chainId());
      assertThat(rpc.code(address("delegated7702"), at)).isEqualTo(designator);
      assertThat(manifest.wallet("delegated7702").codeState(chain.chainId())).isEqualTo("eip7702");
      long setIn = chain.json().path("eip7702Transaction").path("blockNumber").asLong();
      assertThat(rpc.code(address("delegated7702"), JsonRpc.tag(setIn - 1))).isEqualTo("0x");
      assertThat(rpc.code(address("empty"), at)).isEqualTo("0x");
      assertThat(rpc.code(address("holder"), at)).isEqualTo("0x");
      String contract = rpc.code(address("contractAccount"), at);
      assertThat(contract).hasSizeGreaterThan(2).doesNotStartWith("0xef0100");
      JsonNode tx =
          rpc.call(
              "eth_getTransactionByHash", chain.json().path("eip7702Transaction").path("hash"));
      assertThat(tx.path("type").asText()).isEqualTo("0x4");
      assertThat(tx.path("authorizationList")).hasSize(1);
    }
  }

  @Test
  void viewCall_isTrueForAnAllowedWallet_falseOtherwise_andItsRevertingTwinFails() {
    String allowList = manifest.chain(ETHEREUM).address("allowList");
    assertThat(Abi.uint(call(ETHEREUM, allowList, Abi.call(IS_ALLOWED, address("holder"))), 0))
        .isEqualTo(1);
    assertThat(Abi.uint(call(ETHEREUM, allowList, Abi.call(IS_ALLOWED, address("empty"))), 0))
        .isZero();
    assertThatThrownBy(() -> call(ETHEREUM, allowList, Abi.call(ALWAYS_REVERTS, address("holder"))))
        .isInstanceOf(JsonRpcException.class);
  }

  @Test
  void revokedDelegation_isDisabledOnTheManager_andTheActiveOneIsNot() {
    ChainInfo base = manifest.chain(BASE);
    for (String name : new String[] {"revoked", "active"}) {
      JsonNode d = base.delegation(name);
      assertThat(d.path("delegationManager").asText()).isEqualTo(MANAGER_1_3_0);
      String word =
          call(
              BASE,
              MANAGER_1_3_0,
              Abi.call(DISABLED_DELEGATIONS, d.path("delegationHash").asText()));
      assertThat(Abi.uint(word, 0)).isEqualTo(name.equals("revoked") ? 1 : 0);
      assertThat(d.path("delegation").path("delegate").asText()).isEqualTo(address("holder"));
    }
  }
}
