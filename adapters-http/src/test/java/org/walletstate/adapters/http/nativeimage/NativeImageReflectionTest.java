package org.walletstate.adapters.http.nativeimage;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The native executable keeps what the code reads by reflection; new resources are not missed. */
class NativeImageReflectionTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("org.walletstate.adapters.http");

  private static final RegisterForReflection REGISTERED =
      NativeImageReflection.class.getAnnotation(RegisterForReflection.class);

  private static final Set<String> TARGETS =
      Arrays.stream(REGISTERED.targets()).map(Class::getName).collect(Collectors.toSet());

  /** A class is kept when it or a class enclosing it is a target (nested classes come along). */
  private static boolean kept(JavaClass type) {
    for (JavaClass c = type; c != null; c = c.getEnclosingClass().orElse(null)) {
      if (TARGETS.contains(c.getName())) {
        return true;
      }
    }
    return false;
  }

  @Test
  void everyResourceClass_isKept_forTheRouteTable() {
    List<JavaClass> resources = MAIN.stream().filter(c -> c.isAnnotatedWith(Path.class)).toList();

    assertThat(resources).isNotEmpty();
    assertThat(resources).allMatch(NativeImageReflectionTest::kept, "registered for reflection");
  }

  @Test
  void everyPublicRecord_aWireShapeJacksonWrites_isKept() {
    List<JavaClass> records =
        MAIN.stream()
            .filter(JavaClass::isRecord)
            .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC))
            .toList();

    assertThat(records).extracting(JavaClass::getSimpleName).contains("Meta", "CreatedKey");
    assertThat(records).allMatch(NativeImageReflectionTest::kept, "registered for reflection");
  }

  @Test
  void nestedClassesComeAlong_andTheWeb3jTypesNamedExist() throws Exception {
    assertThat(REGISTERED.ignoreNested()).isFalse();
    for (String name : REGISTERED.classNames()) {
      assertThat(Class.forName(name, false, getClass().getClassLoader())).isNotNull();
    }
  }
}
