-- Logos for the seeded registry entries whose source lists one: the logoURI of the same entry
-- (chain id and address) in Uniswap/default-token-list @49f39bd (src/tokens/<chain>.json), the
-- token list the seed already cites. Only https URLs are taken (an ipfs:// logo is left out: the
-- registry accepts https logos only). Entries without a logo there keep logo null.
-- A logo a reviewer has set since is kept.
update token_registry as r
set logo = l.logo
from (values
    ('1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png'), -- USDC, src/tokens/mainnet.json
    ('8453', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 'https://ethereum-optimism.github.io/data/USDC/logo.png'), -- USDC, src/tokens/base.json
    ('10', '0x0b2c639c533813f4aa9d7837caf62653d097ff85', 'https://ethereum-optimism.github.io/data/USDC/logo.png'), -- USDC, src/tokens/optimism.json
    ('137', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png'), -- USDC, src/tokens/polygon.json
    ('43114', '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', 'https://raw.githubusercontent.com/Uniswap/assets/master/blockchains/avalanchec/assets/0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E/logo.png'), -- USDC, src/tokens/avalanche.json
    ('480', '0x79a02482a880bce3f13e09da970dc34db4cd24d1', 'https://assets.coingecko.com/coins/images/35218/large/USDC_Icon.png?1707908537'), -- USDC, src/tokens/worldchain.json
    ('1', '0xdac17f958d2ee523a2206206994597c13d831ec7', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xdAC17F958D2ee523a2206206994597C13D831ec7/logo.png'), -- USDT, src/tokens/mainnet.json
    ('137', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xdAC17F958D2ee523a2206206994597C13D831ec7/logo.png'), -- USDT0, src/tokens/polygon.json
    ('42161', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 'https://coin-images.coingecko.com/coins/images/53705/large/usdt0.jpg?1737086183'), -- USDT0, src/tokens/arbitrum.json
    ('130', '0x9151434b16b9763660705744891fa906f660ecc5', 'https://coin-images.coingecko.com/coins/images/53705/large/usdt0.jpg?1737086183'), -- USDT0, src/tokens/unichain.json
    ('1', '0x6b175474e89094c44da98b954eedeac495271d0f', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0x6B175474E89094C44Da98b954EedeAC495271d0F/logo.png'), -- DAI, src/tokens/mainnet.json
    ('8453', '0x50c5725949a6f0c72e6c4a641f24049a917db0cb', 'https://ethereum-optimism.github.io/data/DAI/logo.svg'), -- DAI, src/tokens/base.json
    ('137', '0x8f3cf7ad23cd3cadbd9735aff958023239c6a063', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0x6B175474E89094C44Da98b954EedeAC495271d0F/logo.png'), -- DAI, src/tokens/polygon.json
    ('1', '0x6c3ea9036406852006290770bedfcaba0e23a0e8', 'https://assets.coingecko.com/coins/images/31212/large/PYUSD_Logo_%282%29.png?1691458314'), -- PYUSD, src/tokens/mainnet.json
    ('1', '0x8292bb45bf1ee4d140127049757c2e0ff06317ed', 'https://coin-images.coingecko.com/coins/images/39651/large/RLUSD_200x200_(1).png?1727376633'), -- RLUSD, src/tokens/mainnet.json
    ('1', '0xdc035d45d973e3ec169d2276ddab16f1e407384f', 'https://assets.coingecko.com/coins/images/39926/large/usds.webp?1726666683'), -- USDS, src/tokens/mainnet.json
    ('1', '0x8d0d000ee44948fc98c9b98a4fa4921476f08b0d', 'https://coin-images.coingecko.com/coins/images/54977/large/USD1_1000x1000_transparent.png?1749297002'), -- USD1, src/tokens/mainnet.json
    ('1', '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9', 'https://assets.coingecko.com/coins/images/12645/thumb/AAVE.png?1601374110'), -- AAVE, src/tokens/mainnet.json
    ('10', '0x4200000000000000000000000000000000000042', 'https://ethereum-optimism.github.io/data/OP/logo.png'), -- OP, src/tokens/optimism.json
    ('1', '0xc18360217d8f7ab5e7c516566761ea12ce7f9d72', 'https://assets.coingecko.com/coins/images/19785/thumb/acatxTm8_400x400.jpg?1635850140'), -- ENS, src/tokens/mainnet.json
    ('1', '0x5a98fcbea516cf06857215779fd812ca3bef1b32', 'https://assets.coingecko.com/coins/images/13573/thumb/Lido_DAO.png?1609873644'), -- LDO, src/tokens/mainnet.json
    ('1', '0x56072c95faa701256059aa122697b133aded9279', 'https://assets.coingecko.com/coins/images/39925/large/sky.jpg?1724827980'), -- SKY, src/tokens/mainnet.json
    ('1', '0xc00e94cb662c3520282e6f5717214004a7f26888', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xc00e94Cb662C3520282E6f5717214004A7f26888/logo.png'), -- COMP, src/tokens/mainnet.json
    ('1', '0xbe9895146f7af43049ca1c1ae358b0541ea49704', 'https://assets.coingecko.com/coins/images/27008/large/cbeth.png'), -- cbETH, src/tokens/mainnet.json
    ('8453', '0x2ae3f1ec7f1f5012cfeab0185bfc7aa3cf0dec22', 'https://ethereum-optimism.github.io/data/cbETH/logo.svg'), -- cbETH, src/tokens/base.json
    ('1', '0x1abaea1f7c830bd89acc67ec4af516284b1bc33c', 'https://assets.coingecko.com/coins/images/26045/thumb/euro-coin.png?1655394420'), -- EURC, src/tokens/mainnet.json
    ('8453', '0x60a3e35cc302bfa44cb288bc5a4f316fdb1adb42', 'https://assets.coingecko.com/coins/images/26045/standard/euro.png'), -- EURC, src/tokens/base.json
    ('1', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599/logo.png'), -- WBTC, src/tokens/mainnet.json
    ('1', '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf', 'https://assets.coingecko.com/coins/images/40143/standard/cbbtc.webp'), -- cbBTC, src/tokens/mainnet.json
    ('8453', '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf', 'https://assets.coingecko.com/coins/images/40143/standard/cbbtc.webp'), -- cbBTC, src/tokens/base.json
    ('42161', '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf', 'https://assets.coingecko.com/coins/images/40143/large/cbbtc.webp'), -- cbBTC, src/tokens/arbitrum.json
    ('1', '0x18084fba666a33d37592fa2633fd49a74dd93a88', 'https://raw.githubusercontent.com/uniswap/assets/master/blockchains/ethereum/assets/0x18084fbA666a33d37592fA2633fD49a74DD93a88/logo.png'), -- tBTC, src/tokens/mainnet.json
    ('137', '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6', 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599/logo.png') -- WBTC, src/tokens/polygon.json
) as l (chain_id, address_key, logo)
where r.chain_id = l.chain_id
  and r.address_key = l.address_key
  and r.logo is null;
