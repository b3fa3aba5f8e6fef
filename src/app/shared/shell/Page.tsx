import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';

/** A content page: a tinted hero with the title, then the body in a readable column. */
export function Page({ title, subtitle, children, size = 'md' }: { title: string; subtitle?: ReactNode; children: ReactNode; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <>
      <Box bg="brand.7" c="white" py={{ base: 32, sm: 48 }}>
        <Container size={size}>
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            {title}
          </Title>
          {subtitle ? (
            <Text mt="sm" fz={{ base: 'md', sm: 'lg' }} c="brand.0" maw={680}>
              {subtitle}
            </Text>
          ) : null}
        </Container>
      </Box>
      <Container size={size} py={{ base: 24, sm: 40 }}>
        {children}
      </Container>
    </>
  );
}
