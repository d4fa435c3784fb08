package org.walletstate.devnet;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * {@code @ExtendWith(DevnetExtension.class)}: starts {@link Devnet#shared()} once per test JVM
 * (every test class that uses the extension sees the same devnet) and injects {@link Devnet} and
 * {@link DevnetManifest} parameters into constructors, lifecycle methods and tests. The devnet
 * stops when the JVM exits. Tests that change chain state should {@link Devnet#snapshot()} before
 * and {@link Devnet#revert(DevnetSnapshot)} after.
 */
public final class DevnetExtension implements BeforeAllCallback, ParameterResolver {

  @Override
  public void beforeAll(ExtensionContext context) {
    Devnet.shared();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == Devnet.class || type == DevnetManifest.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Devnet devnet = Devnet.shared();
    return parameter.getParameter().getType() == Devnet.class ? devnet : devnet.manifest();
  }
}
