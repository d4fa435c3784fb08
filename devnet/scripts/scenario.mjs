// What the devnet puts where: chains, production addresses, test wallets and their keys.
// Everything here is public test data; the keys are derived from fixed labels and hold nothing real.
import { getAddress, id as keccakUtf8 } from 'ethers';

/** Genesis timestamp of every chain (2026-01-01T00:00:00Z). Deploy blocks are 1 s apart from it. */
export const GENESIS_TIMESTAMP = 1767225600;
/** Far-future expiry used by "valid until" cases (2100-01-01T00:00:00Z). */
export const YEAR_2100 = 4102444800;
/** Expiry used by "expired" cases: one hour after genesis, long past once the clock has caught up. */
export const EXPIRED_AT = GENESIS_TIMESTAMP + 3600;

export const CHAINS = {
  1: { name: 'ethereum', hardfork: 'prague', network: 'ethereum', defaultPort: 18545 },
  8453: { name: 'base', hardfork: 'isthmus', network: 'optimism', defaultPort: 18546 },
  10: { name: 'optimism', hardfork: 'isthmus', network: 'optimism', defaultPort: 18547 },
};

/**
 * Every EVM chain id the service serves (domain ChainCatalogue, evm-chains.md), in the catalogue's
 * order. The devnet runs 1, 8453 and 10 with the scenario; `trust-chains.mjs --all-chains` runs the
 * others on light anvils.
 */
export const EVM_CHAIN_IDS = [
  1, 56, 8453, 43114, 137, 42161, 10, 88888, 1868, 98866, 146, 100, 5000, 534352, 59144, 324, 81457,
  167000, 2020, 42220, 88, 204, 480, 130, 57073, 1329, 80094, 33139, 50, 4663, 5042,
];

/**
 * The payment tokens the service accepts on EVM chains (domain PaymentTokens), by chain id: USDC and
 * USDT at their production addresses. Chains 1, 8453 and 10 carry USDC from the scenario itself.
 */
export const PAYMENT_TOKENS = {
  1: ['0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  137: ['0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'],
  42161: ['0xaf88d065e77c8cC2239327C5EDb3A432268e5831', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
  10: ['0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'],
  56: ['0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', '0x55d398326f99059fF775485246999027B3197955'],
  43114: ['0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7'],
  5042: ['0x3600000000000000000000000000000000000000'],
};

/** anvil's first dev account (mnemonic "test test ... junk"): deploys and mints everything. */
export const DEPLOYER = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
};

const a = (x) => getAddress(x.toLowerCase());

export const PRODUCTION = {
  multicall3: a('0xcA11bde05977b3631167028862bE2a173976CA11'),
  easPredeploy: a('0x4200000000000000000000000000000000000021'),
  schemaRegistryPredeploy: a('0x4200000000000000000000000000000000000020'),
  /** EAS and its SchemaRegistry on Ethereum (eas-contracts @aa47c226 README, "Mainnets"). */
  ethereumEas: {
    eas: a('0xA1207F3BBa224E2c9c3c6D5aF63D0eb1582Ce587'),
    schemaRegistry: a('0xA7b39296258348C78294F95B872b282326A97BDF'),
  },
  usdc: {
    1: a('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    8453: a('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    10: a('0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
  },
  /** USDC's EIP-712 domain (FiatToken v2.2): name and version, as the production contracts answer them. */
  usdcDomain: { name: 'USD Coin', version: '2' },
  /** Tether USD (6 decimals) where the devnet carries it: Ethereum's production address. */
  usdt: {
    1: a('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  },
  exchange: {
    attester: a('0x357458739F90461b99789350868CD7CF330Dd7EE'),
    indexer: a('0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C'),
    resolver: a('0xD867CbEd445c37b0F95Cc956fe6B539BdEf7F32f'),
    schemas: {
      verifiedAccount: {
        definition: 'bool verifiedAccount',
        uid: '0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9',
      },
      verifiedCountry: {
        definition: 'string verifiedCountry',
        uid: '0x1801901fabd0e6189356b4fb52bb0ab855276d84f7ec140839fbd1f6801ca065',
      },
      verifiedCoinbaseOne: {
        definition: 'bool verifiedCoinbaseOne',
        uid: '0x254bd1b63e0591fefa66818ca054c78627306f253f86be6023725a67ee6bf9f4',
      },
    },
  },
  passport: {
    attester: a('0x843829986e895facd330486a61Ebee9E1f1adB1a'),
    // Human Passport's schema resolver (GitcoinResolver): the service's lookup,
    // getUserAttestation(address,bytes32).
    resolver: a('0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC'),
    // EAS's own Indexer on OP Mainnet: received-attestation lists only, no lookup by (recipient, schema).
    easIndexer: a('0x6dd0CB3C3711c8B5d03b3790e5339Bbc2Bbcf934'),
    schemas: {
      score: {
        definition:
          'bool passing_score, uint8 score_decimals, uint128 scorer_id, uint32 score, uint32 threshold, tuple(string provider, uint256 score)[] stamps',
        uid: '0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254',
      },
      legacyScore: {
        definition: 'uint256 score,uint32 scorer_id,uint8 score_decimals',
        uid: '0x6ab5d34260fca0cfcf0e76e96d439cace6aa7c3c019d7c4580ed52c6845e9c89',
      },
    },
  },
  farcasterIdRegistry: a('0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'),
  erc8004IdentityRegistry: a('0x8004A169FB4a3325136EB29fA0ceB6D2e539a432'),
  entryPointV07: a('0x0000000071727De22E5E9d8BAf0edAc6f37da032'),
  eip7702StatelessDeleGatorV130: a('0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'),
  delegationManagers: {
    '1.0.0': {
      address: a('0xbe4138886cB096bDC1B930F2f0ca7892AA234D78'),
      enforcers: {
        timestamp: a('0x78e05f779490c24BF3bFA135b4112E7003B321cD'),
        erc20TransferAmount: a('0x92Ac423B9c111962179a6242E1AdB58D02C103bE'),
        allowedTargets: a('0xbc8673C0afa52D86D991c06881E55b2966920564'),
        limitedCalls: a('0x4B3adad4a328bee8Ba17B86074d92fe7372180cD'),
      },
    },
    '1.1.0': {
      address: a('0x56D56e07e3d6Ee5a24e30203A37a0a460f42D7A3'),
      enforcers: {
        timestamp: a('0x550FdD13eEBC1f22ea2a2480024BacBF0Ad7e5CE'),
        erc20TransferAmount: a('0x9A069b18032B31429A363AeCFb1B6A0564b44471'),
        nativeTokenTransferAmount: a('0x5eD3833d7B957A8DB8A461c3AF2d668Ec25382E0'),
        allowedTargets: a('0x06aaE4c67EEA95277c46Bf79b1583d4a01772D22'),
        limitedCalls: a('0xe694bFfffEA3E85923b1210b37e6a0175e910863'),
      },
    },
    '1.3.0': {
      address: a('0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3'),
      enforcers: {
        timestamp: a('0x1046bb45C8d673d4ea75321280DB34899413c069'),
        erc20TransferAmount: a('0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc'),
        nativeTokenTransferAmount: a('0xF71af580b9c3078fbc2BBF16FbB8EEd82b330320'),
        allowedTargets: a('0x7F20f61b1f09b08D970938F6fa563634d65c4EeB'),
        limitedCalls: a('0x04658B29F6b82ed55274221a06Fc97D318E25416'),
      },
    },
  },
  /** EIP-712 domain separators of the three managers on chain 8453, as computed in evm-chains.md. */
  delegationManagerDomainHashes8453: {
    '1.0.0': '0x9e80f1022bda8209d5c73fb6cc6ba1e71cd4e3ce413abc70118fca03461bd376',
    '1.1.0': '0x43efece8743b0e282fff966ae4de85d210d871538db93cd6fcc44f792b2c7ac4',
    '1.3.0': '0x8d2d5589afbd2ea476a0a77bdd1af10f0e7813283ad1771e85826f47e7c0a53f',
  },
};

/** The test wallets. Each key is keccak256("walletstate-devnet/<name>"). */
export const WALLET_ROLES = {
  holder: 'Plain EOA that holds every asset and every valid attestation, fid, agent.',
  empty: 'Plain EOA never touched on any chain: no balance, no nonce, no code, nothing indexed.',
  lowScore: 'Chain 10: valid passport score attestation below 20 (12.3, passing_score false).',
  revoked: 'Chain 8453: revoked exchange attestations; chain 10: revoked passport attestation (25.5), lookup entry cleared.',
  expired: 'Chain 8453: exchange attestations that expired; chain 10: expired passport attestation (25.5).',
  wrongAttester: 'Attestations with the right schema and recipient, made by a non-production attester.',
  wrongSchema: 'Lookup entry under the expected schema points at an attestation of another schema.',
  recipientMismatch: 'Lookup entry for this wallet points at the holder\'s attestation (recipient differs).',
  delegated7702: 'EOA whose code is the EIP-7702 designator 0xef0100 || EIP7702StatelessDeleGator (type-4 tx).',
  contractAccount: 'A contract (OwnedSmartAccount, ERC-1271 through contractOwner\'s key); holds tokens and an NFT.',
  contractOwner: 'Key that signs for contractAccount; holds nothing.',
  agentOperator: 'Chain 8453: signature-bound agent wallet of agent 0, and owner of agent 1.',
  delegator: 'Chain 8453: EOA that signed the ERC-7710 delegations to holder and revoked one of them.',
  rogueAttester: 'Non-production attester behind the wrong-attester cases.',
  payer: 'Pays the service in tests: ETH for gas on every chain, USDT on 1; starts with no key and no pass.',
  treasury: "The service's receiving address for payments and pay-per-call (payTo); starts empty.",
  passMinter: 'Chain 8453: holds MINTER_ROLE on the access pass; ETH for gas (the service mints with this key).',
  relayer: 'Submits EIP-3009 authorizations for the service\'s own x402 settler; ETH for gas on every chain.',
};

export function walletKey(name) {
  return keccakUtf8(`walletstate-devnet/${name}`);
}
